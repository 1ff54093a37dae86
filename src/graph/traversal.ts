import type { Shareholder } from '../contract/index.ts';
import { ownerOf, type BirthDate, type CompanyRef } from './nodes.ts';
import type { SpendingRoom, MoneyStop } from './spending.ts';

/** Why a company of the graph was not expanded. See README.md for when each applies. */
export type SkipReason =
  | MoneyStop
  | 'interactive'
  | 'continuation_scope'
  | 'max_depth'
  | 'register_unavailable'
  | 'no_register'
  | 'no_shareholders'
  | 'not_identified'
  | 'fetch_failed';

/** Skipped companies that a later request can still expand (they carry `continuation`); the others are dead ends. */
export const CONTINUABLE: ReadonlySet<SkipReason> = new Set<SkipReason>([
  'graph_budget',
  'max_budget',
  'insufficient_funds',
  'interactive',
  'continuation_scope',
  'max_depth',
  'register_unavailable',
]);

/** What one expansion delivers: the company's shareholders as its register lists them. */
export interface ExpansionData {
  legalName?: string;
  shareholders: Shareholder[];
  /** The register that answered, shown as the `source` of the edges it gave. */
  source?: string;
}

export type ExpandOutcome =
  | { kind: 'expanded'; data: ExpansionData; cost: number }
  | { kind: 'refused'; reason: MoneyStop }
  | { kind: 'unavailable'; error: unknown }
  | { kind: 'failed'; error: unknown };

/** Where a traversal gets companies' owners, and pays for them. */
export interface ExpansionSource {
  /**
   * This request's own earlier expansion of the company (an earlier attempt) and what it cost: taken as it is, not
   * fetched or paid again (its cost is already out of the spending room).
   */
  stored(nodeId: string): { data: ExpansionData; cost: number } | undefined;
  /** What expanding the company costs now: 0 when deduplicated; a dead end when no register gives its shareholders. */
  price(ref: CompanyRef): Promise<{ cost: number } | { deadEnd: 'no_register' | 'no_shareholders' }>;
  /** Fetches the company's shareholders and pays for them (the payment may be refused at that moment). */
  expand(ref: CompanyRef, depth: number): Promise<ExpandOutcome>;
}

export interface TraversalOptions {
  root: CompanyRef;
  /** graphInteractive: pay for one level only (the root's owners, or the listed nodes' owners). */
  interactive: boolean;
  /** graphContinueFromNodeIds. */
  continueFrom?: ReadonlySet<string>;
  maxDepth: number;
  room: SpendingRoom;
}

export interface TraversedCompany {
  ref: CompanyRef;
  depth: number;
  expanded: boolean;
  /** What its expansion cost (expanded) or would cost (skipped, continuable). */
  cost: number;
  skip?: SkipReason;
  /** The error of a failed fetch (fetch_failed, register_unavailable). */
  error?: unknown;
  ownerCount: number;
}

export interface TraversedPerson {
  nodeId: string;
  name?: string;
  birthDate?: BirthDate;
  entityId?: string;
}

export interface TraversedEdge {
  fromId: string;
  toId: string;
  percentage?: number;
  source?: string;
}

export interface Traversal {
  root: CompanyRef;
  companies: Map<string, TraversedCompany>;
  people: Map<string, TraversedPerson>;
  edges: TraversedEdge[];
  /** Credit cents the expanded companies cost (those stored by an earlier attempt included). */
  amountSpent: number;
  /** Listed continuation nodes the graph did not reach. */
  listedNotReached: string[];
  /** Some holdings are bands whose lower bound is the percentage (GB's PSC register): owners may hold more. */
  percentagesAreLowerBounds: boolean;
}

interface Pending {
  company: TraversedCompany;
  /** Reached through the expansion of a listed node: a continuation request pays for it too. */
  inBranch: boolean;
}

/**
 * Breadth-first expansion from the requested company (README.md): each company's shareholders are fetched from
 * its own register; a company reached again (a shared parent, a cycle) is the same node and is expanded once.
 * Decisions are taken in a fixed order (level by level, shareholders in register order), so a task run again
 * makes the same ones; what an earlier run paid for is taken from `source.stored` without new cost.
 */
export async function traverse(source: ExpansionSource, opts: TraversalOptions): Promise<Traversal> {
  const companies = new Map<string, TraversedCompany>();
  const people = new Map<string, TraversedPerson>();
  const edges = new Map<string, TraversedEdge>();
  const pending = new Map<string, Pending>();
  const queue: string[] = [];
  let amountSpent = 0;

  const discover = (ref: CompanyRef, depth: number, inBranch: boolean, expandable = true) => {
    const known = companies.get(ref.nodeId);
    if (known) {
      const waiting = pending.get(ref.nodeId);
      if (waiting && inBranch) waiting.inBranch = true;
      if (!known.ref.legalName && ref.legalName) known.ref = { ...known.ref, legalName: ref.legalName };
      return;
    }
    const company: TraversedCompany = { ref, depth, expanded: false, cost: 0, ownerCount: 0 };
    companies.set(ref.nodeId, company);
    if (!expandable) {
      company.skip = 'not_identified';
      return;
    }
    pending.set(ref.nodeId, { company, inBranch });
    queue.push(ref.nodeId);
  };

  let bands = false;
  const addOwners = (company: TraversedCompany, data: ExpansionData, inBranch: boolean) => {
    if (data.legalName) company.ref = { ...company.ref, legalName: data.legalName };
    const listed = opts.continueFrom?.has(company.ref.nodeId) ?? false;
    for (const sh of data.shareholders) {
      if (sh.sharePercentageRange && sh.sharePercentageRange.upper > sh.sharePercentageRange.lower) bands = true;
      const owner = ownerOf(sh, company.ref.countryCode);
      const fromId = owner.kind === 'company' ? owner.ref.nodeId : owner.nodeId;
      if (owner.kind === 'company') discover(owner.ref, company.depth + 1, listed || inBranch, owner.expandable);
      else if (!people.has(owner.nodeId)) people.set(owner.nodeId, { ...owner });
      if (fromId === company.ref.nodeId) continue; // a company holding its own shares: no owner
      // Two lines for the same owner (e.g. two share classes) are one holding.
      const key = `${fromId}>${company.ref.nodeId}`;
      const edge = edges.get(key);
      if (edge) {
        if (sh.sharePercentage !== undefined) edge.percentage = (edge.percentage ?? 0) + sh.sharePercentage;
      } else {
        edges.set(key, {
          fromId,
          toId: company.ref.nodeId,
          ...(sh.sharePercentage !== undefined ? { percentage: sh.sharePercentage } : {}),
          ...(data.source ? { source: data.source } : {}),
        });
      }
      company.ownerCount++;
    }
  };

  discover(opts.root, 0, false);
  while (queue.length > 0) {
    const nodeId = queue.shift()!;
    const { company, inBranch } = pending.get(nodeId)!;
    pending.delete(nodeId);
    const stored = source.stored(nodeId);
    if (stored) {
      company.expanded = true;
      company.cost = stored.cost;
      amountSpent += stored.cost;
      addOwners(company, stored.data, inBranch);
      continue;
    }
    const priced = await source.price(company.ref);
    if ('deadEnd' in priced) {
      company.skip = priced.deadEnd;
      continue;
    }
    company.cost = priced.cost;
    const skip = scopeSkip(company, inBranch, priced.cost, opts) ?? opts.room.refusal(priced.cost);
    if (skip) {
      company.skip = skip;
      continue;
    }
    const outcome = await source.expand(company.ref, company.depth);
    if (outcome.kind === 'expanded') {
      company.expanded = true;
      company.cost = outcome.cost;
      opts.room.take(outcome.cost);
      amountSpent += outcome.cost;
      addOwners(company, outcome.data, inBranch);
    } else if (outcome.kind === 'refused') {
      company.skip = outcome.reason;
    } else {
      company.skip = outcome.kind === 'unavailable' ? 'register_unavailable' : 'fetch_failed';
      company.error = outcome.error;
      // Kept aside for this company: a later attempt that fetches it finds its money where this one left it.
      if (outcome.kind === 'unavailable') opts.room.take(priced.cost);
    }
  }
  return {
    root: companies.get(opts.root.nodeId)!.ref,
    companies,
    people,
    edges: [...edges.values()],
    amountSpent,
    listedNotReached: [...(opts.continueFrom ?? [])].filter((id) => !companies.has(id)),
    percentagesAreLowerBounds: bands,
  };
}

/**
 * Whether the request asked for this expansion (README.md, "Scope"): the root always; without continuation, every
 * company unless interactive; with continuation, the listed nodes, what costs nothing (already paid within the
 * dedup window) and, unless interactive, what lies above a listed node.
 */
function scopeSkip(company: TraversedCompany, inBranch: boolean, cost: number, opts: TraversalOptions): SkipReason | undefined {
  if (company.depth === 0) return undefined;
  const listed = opts.continueFrom?.has(company.ref.nodeId) ?? false;
  // A listed node is expanded whatever its depth: continuing from a node stopped at the depth limit goes on.
  if (company.depth >= opts.maxDepth && !listed) return 'max_depth';
  if (!opts.continueFrom) return opts.interactive ? 'interactive' : undefined;
  if (listed || cost === 0) return undefined;
  if (opts.interactive) return 'interactive';
  return inBranch ? undefined : 'continuation_scope';
}
