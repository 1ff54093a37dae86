import type { Graph, LegalRepresentative, Shareholder } from '../contract/index.ts';
import type { CallContext, Register } from '../registers/contract.ts';
import { isAvailable } from '../registers/catalogue.ts';
import { RegisterError } from '../registers/errors.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { GraphExpansionRepository } from './repository.ts';
import type { RequestRow } from '../requests/types.ts';
import { assembleGraph } from './assemble.ts';
import { shareholdersBlock, type GraphBilling } from './billing.ts';
import { companyNodeId, companyRef, type CompanyRef } from './nodes.ts';
import { SpendingRoom } from './spending.ts';
import { traverse, type ExpandOutcome, type ExpansionData, type ExpansionSource } from './traversal.ts';

/** Levels above the requested company a graph expands at most (a listed continuation node goes past it). */
export const GRAPH_MAX_DEPTH = 10;

/** What the requested company's expansion keeps beside its shareholders: its name, and who represents it (UBO proxy). */
interface RootProfile {
  legalName?: string;
  representatives: LegalRepresentative[];
}

/** An expansion as stored (graph_expansions.data). */
interface StoredExpansion extends ExpansionData {
  profile?: RootProfile;
}

interface Saved {
  data: StoredExpansion;
  cost: number;
}

/** The graph options of a request (spec §4.2), as the request stored them. */
function graphOptionsOf(request: RequestRow): { interactive: boolean; continueFrom?: ReadonlySet<string> } {
  const { graphInteractive, graphContinueFromNodeIds } = request.options;
  const ids = Array.isArray(graphContinueFromNodeIds) ? graphContinueFromNodeIds.filter((x): x is string => typeof x === 'string') : [];
  return { interactive: graphInteractive === true, ...(ids.length ? { continueFrom: new Set(ids) } : {}) };
}

/**
 * The `graph` data point (spec §2.6): expands the ownership of the requested company across registers, billing
 * each expansion, and assembles the public graph. Runs inside the request's verification task; see README.md.
 */
export class GraphService {
  constructor(
    private readonly registers: RegisterRegistry,
    private readonly billing: GraphBilling,
    private readonly expansions: GraphExpansionRepository,
  ) {}

  /**
   * One attempt. Throws the register's error when the requested company cannot be fetched, and a retryable
   * error when some company's register was unavailable (what was fetched and paid for stays stored, so the
   * next attempt goes on from there).
   */
  async build(request: RequestRow, register: Register, ctx: CallContext): Promise<Graph> {
    const stored = await this.stored(request);
    const root = companyRef(request.countryCode, request.companyId);
    const profile = stored.get(root.nodeId)?.data.profile ?? (await this.fetchProfile(register, request.companyId, ctx));
    const { graph, traversal } = await this.run(request, stored, profile, ctx);
    const rootNode = traversal.companies.get(root.nodeId)!;
    if (rootNode.error) throw rootNode.error;
    const unavailable = [...traversal.companies.values()].filter((c) => c.skip === 'register_unavailable');
    if (unavailable.length) {
      const first = unavailable[0]!.error as Error | undefined;
      throw RegisterError.unavailable(
        `not fetched yet: ${unavailable.map((c) => c.ref.nodeId).join(', ')} (${first?.message ?? 'unavailable'})`,
      );
    }
    return graph;
  }

  /**
   * After the last attempt failed: the graph of what earlier attempts fetched and paid for, without any register
   * call (the companies not fetched carry a continuation). Undefined when the requested company was never expanded.
   */
  async salvage(request: RequestRow): Promise<{ graph: Graph; register: Register } | undefined> {
    const register = this.registers.get(request.countryCode);
    const stored = await this.stored(request);
    const profile = stored.get(companyNodeId(request.countryCode, request.companyId))?.data.profile;
    if (!register || !profile) return undefined;
    return { graph: (await this.run(request, stored, profile, undefined)).graph, register };
  }

  private async run(request: RequestRow, stored: Map<string, Saved>, profile: RootProfile, ctx: CallContext | undefined) {
    const options = graphOptionsOf(request);
    const source = new RequestExpansions(this.registers, this.billing, request, stored, profile, ctx);
    const traversal = await traverse(source, {
      root: companyRef(request.countryCode, request.companyId, profile.legalName),
      interactive: options.interactive,
      ...(options.continueFrom ? { continueFrom: options.continueFrom } : {}),
      maxDepth: GRAPH_MAX_DEPTH,
      room: new SpendingRoom(await this.billing.roomLeft(request)),
    });
    return { traversal, graph: assembleGraph(traversal, { representatives: profile.representatives, interactive: options.interactive }) };
  }

  private async stored(request: RequestRow): Promise<Map<string, Saved>> {
    const rows = await this.expansions.ofRequest(request.id);
    return new Map(rows.map((r) => [r.nodeId, { data: r.data as StoredExpansion, cost: r.cost }]));
  }

  /** The requested company's name and representatives; not billed (the graph bills shareholder lists only). */
  private async fetchProfile(register: Register, companyId: string, ctx: CallContext): Promise<RootProfile> {
    const [company, reps] = await Promise.all([
      register.fetch('company', companyId, ctx),
      isAvailable(register.catalogue, 'legalRepresentatives', ctx.mode)
        ? register.fetch('legalRepresentatives', companyId, ctx)
        : undefined,
    ]);
    const legalName = company.data.company.legalName;
    return { ...(legalName ? { legalName } : {}), representatives: reps?.data ?? [] };
  }
}

/** Expansions of one request: stored ones first, else fetched from the company's register and paid for. */
class RequestExpansions implements ExpansionSource {
  constructor(
    private readonly registers: RegisterRegistry,
    private readonly billing: GraphBilling,
    private readonly request: RequestRow,
    private readonly saved: Map<string, Saved>,
    private readonly profile: RootProfile,
    /** Undefined: no register calls (salvage). */
    private readonly ctx: CallContext | undefined,
  ) {}

  stored(nodeId: string): { data: ExpansionData; cost: number } | undefined {
    const saved = this.saved.get(nodeId);
    return saved && { data: saved.data, cost: saved.cost };
  }

  async price(ref: CompanyRef): Promise<{ cost: number } | { deadEnd: 'no_register' | 'no_shareholders' }> {
    const register = this.registers.get(ref.countryCode);
    if (!register) return { deadEnd: 'no_register' };
    const block = shareholdersBlock(register.catalogue);
    if (!block) return { deadEnd: 'no_shareholders' };
    return { cost: await this.billing.estimate(this.request, ref, block) };
  }

  async expand(ref: CompanyRef, depth: number): Promise<ExpandOutcome> {
    if (!this.ctx) return { kind: 'unavailable', error: RegisterError.unavailable('not fetched within the retry window') };
    const register = this.registers.get(ref.countryCode)!;
    let shareholders: Shareholder[];
    try {
      shareholders = (await register.fetch('shareholders', ref.companyId, { ...this.ctx, purpose: 'graph' })).data;
    } catch (err) {
      if (this.ctx.signal.aborted) throw err; // the attempt timed out: the executor retries it
      return err instanceof RegisterError && err.retryable ? { kind: 'unavailable', error: err } : { kind: 'failed', error: err };
    }
    const isRoot = depth === 0;
    const legalName = isRoot ? this.profile.legalName : ref.legalName;
    const data: StoredExpansion = {
      ...(isRoot ? { profile: this.profile } : {}),
      ...(legalName ? { legalName } : {}),
      shareholders,
      source: register.catalogue.register,
    };
    const outcome = await this.billing.record(this.request, ref, data, shareholdersBlock(register.catalogue));
    if ('refusal' in outcome) return { kind: 'refused', reason: outcome.refusal };
    return { kind: 'expanded', data: outcome.row.data as StoredExpansion, cost: outcome.row.cost };
  }
}
