import type { Graph, GraphStoppedReason as StoppedReason } from '../contract/index.ts';
import { CONTINUABLE, type SkipReason, type TraversedCompany, type Traversal } from './traversal.ts';
import type { UboOutcome } from './ubo.ts';

const pct = (n: number) => `${Number(n.toFixed(2))}%`;
const list = (items: string[], max = 5) =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
type Metadata = { amountSpent: number; companiesFetched: number; companiesSkipped: number; stoppedReason: StoppedReason };
const nameOf = (c: TraversedCompany) => `${c.ref.legalName ?? c.ref.companyId} (${c.ref.nodeId})`;

/** Why expansion ended, said only when some company was left for later (continuable); `complete` is said from the counts. */
const STOPS: Record<Exclude<StoppedReason, 'complete'>, string> = {
  interactive: 'Interactive: it stopped after one level.',
  graph_budget: 'It stopped where graphMaxBudget left no room for the next company.',
  max_budget: "It stopped where the request's maxBudget left no room for the next company.",
  insufficient_funds: 'It stopped where the account balance could not pay for the next company.',
  max_depth: 'It stopped at the depth limit.',
  register_unavailable: 'It stopped where a register stayed unavailable.',
  continuation_scope: 'It continued from the listed nodes only; other companies left for later keep their continuation.',
};

/** Why a company was not expanded, as counted in the summary sentence (order: continuable first, then dead ends). */
const SKIPS: Record<SkipReason, string> = {
  graph_budget: 'over graphMaxBudget',
  max_budget: "over the request's maxBudget",
  insufficient_funds: 'over the account balance',
  interactive: 'beyond the one interactive level',
  continuation_scope: 'outside the continued nodes',
  max_depth: 'at the depth limit',
  register_unavailable: 'with its register unavailable',
  no_register: 'with no register served',
  no_shareholders: 'whose register does not publish shareholders',
  not_identified: 'named without a company id',
  fetch_failed: 'that could not be fetched',
};

const companies = (n: number) => `${n} compan${n === 1 ? 'y' : 'ies'}`;

/**
 * The sentences on how far the graph went, all from the same counts: expanded, not expanded per reason, and what
 * stopped it; "every company reachable was expanded" only when none was left out.
 */
function extent(t: Traversal, nodes: Graph['nodes'], m: Metadata): string[] {
  const all = [...t.companies.values()];
  const expanded = all.filter((c) => c.expanded);
  const skipped = all.filter((c) => !c.expanded);
  const levels = expanded.filter((c) => c.ownerCount > 0).reduce((max, c) => Math.max(max, c.depth + 1), 0);
  const people = nodes.length - all.length;
  const byReason = (Object.keys(SKIPS) as SkipReason[])
    .map((r) => [r, skipped.filter((c) => c.skip === r).length] as const)
    .filter(([, n]) => n > 0)
    .map(([r, n]) => `${n} ${SKIPS[r]}`);
  const out = [
    `The graph has ${nodes.length} nodes (${companies(all.length)}, ${people} individual${people === 1 ? '' : 's'}) and ` +
      `${t.edges.length} ownership link${t.edges.length === 1 ? '' : 's'} over ${levels} level${levels === 1 ? '' : 's'}: ` +
      `${companies(expanded.length)} expanded for ${m.amountSpent} credit cents, ` +
      (skipped.length ? `${skipped.length} not expanded (${byReason.join(', ')}).` : 'none left unexpanded.'),
  ];
  const later = skipped.filter((c) => c.skip && CONTINUABLE.has(c.skip));
  if (m.stoppedReason !== 'complete') out.push(STOPS[m.stoppedReason]);
  else if (skipped.length === 0) out.push('Every company reachable was expanded.');
  else
    out.push(
      `Nothing is left to continue: ${skipped.length === 1 ? 'the company not expanded is a dead end' : `the ${skipped.length} companies not expanded are dead ends`}.`,
    );
  if (later.length) {
    const cost = later.reduce((s, c) => s + c.cost, 0);
    out.push(
      `To go on, pass graphContinueFromNodeIds ${list(later.map((c) => c.ref.nodeId))} (about ${cost} credit cents for that level).`,
    );
  }
  for (const cycle of cyclesOf(t)) out.push(`Ownership runs in a cycle through ${list(cycle)}; each company in it appears once.`);
  return out;
}

/** The companies that own one another in a circle (strongly connected groups of company links), in discovery order. */
function cyclesOf(t: Traversal): string[][] {
  const owners = new Map<string, string[]>();
  for (const e of t.edges) if (t.companies.has(e.fromId)) owners.set(e.toId, [...(owners.get(e.toId) ?? []), e.fromId]);
  // Tarjan's algorithm; the graph is small (a few hundred companies at most), so recursion depth is no concern.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (id: string) => {
    index.set(id, index.size);
    low.set(id, index.get(id)!);
    stack.push(id);
    onStack.add(id);
    for (const o of owners.get(id) ?? []) {
      if (!index.has(o)) {
        visit(o);
        low.set(id, Math.min(low.get(id)!, low.get(o)!));
      } else if (onStack.has(o)) low.set(id, Math.min(low.get(id)!, index.get(o)!));
    }
    if (low.get(id) !== index.get(id)) return;
    const group: string[] = [];
    for (;;) {
      const top = stack.pop()!;
      onStack.delete(top);
      group.push(top);
      if (top === id) break;
    }
    if (group.length > 1) groups.push(group);
  };
  for (const id of t.companies.keys()) if (!index.has(id)) visit(id);
  const order = [...t.companies.keys()];
  return groups.map((g) => g.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((id) => nameOf(t.companies.get(id)!)));
}

function deadEnd(c: TraversedCompany): string | undefined {
  if (c.expanded) return c.ownerCount === 0 ? `${nameOf(c)} lists no shareholders` : undefined;
  switch (c.skip) {
    case 'no_register':
      return `${nameOf(c)}: no register for ${c.ref.countryCode} is served`;
    case 'no_shareholders':
      return `${nameOf(c)}: its register does not publish shareholders`;
    case 'not_identified':
      return `${c.ref.legalName ?? 'a company'}: named without a company id`;
    case 'fetch_failed':
      return `${nameOf(c)}: could not be fetched (${(c.error as Error | undefined)?.message ?? 'error'})`;
    default:
      return undefined;
  }
}

/** The graph in words: who ultimately owns the company, how far the graph went, and why it stopped. */
export function describeGraph(input: { traversal: Traversal; nodes: Graph['nodes']; ubo: UboOutcome; metadata: Metadata }): string {
  const { traversal: t, nodes, ubo, metadata: m } = input;
  const root = t.companies.get(t.root.nodeId)!;
  const rootName = nameOf(root);
  const out: string[] = [];

  const owners = nodes
    .filter((n) => n.flags?.isUbo)
    .map((n) => {
      const how = (n.flags?.uboCalculationMethod ?? []).map((x) => x.replace('_shareholding', '')).join(' and ');
      return `${n.individual?.name ?? n.nodeId} (${pct(n.totalOwnershipPercentage ?? 0)}, ${how})`;
    });
  const threshold = pct(ubo.threshold);
  // Bands (GB): a holding's percentage is the band's floor, so "holds less" is all that cannot be said.
  const holds = t.percentagesAreLowerBounds ? 'is known to hold' : 'holds';
  if (ubo.status === 'identified') out.push(`${rootName} is ultimately owned by ${list(owners, 10)}.`);
  else if (ubo.status === 'proxy')
    out.push(
      `No individual ${holds} ${threshold} or more of ${rootName}; its senior managing official, ${ubo.proxy!.name ?? 'unnamed'}` +
        `${ubo.proxy!.role ? ` (${ubo.proxy!.role})` : ''}, is reported as UBO proxy.`,
    );
  else if (ubo.status === 'undetermined')
    out.push(`No individual found so far ${holds} ${threshold} or more of ${rootName}; companies not yet expanded may still lead to one.`);
  else out.push(`No individual ${holds} ${threshold} or more of ${rootName}, and it names no individual representative to report instead.`);
  if (t.percentagesAreLowerBounds)
    out.push(
      'The register publishes holdings as bands (more than 25 %, 50 % or 75 %): the percentages are the bands’ lower bounds, so an owner may hold more.',
    );

  const ends = [...t.companies.values()].map(deadEnd).filter((d): d is string => d !== undefined);
  if (ends.length) out.push(`Ownership ends without individuals at: ${list(ends)}.`);

  out.push(...extent(t, nodes, m));
  if (t.listedNotReached.length) out.push(`Not reached from ${rootName}: ${list(t.listedNotReached)}.`);
  return out.join(' ');
}
