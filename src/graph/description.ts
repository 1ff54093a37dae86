import type { Graph, GraphStoppedReason as StoppedReason } from '../contract/index.ts';
import { CONTINUABLE, type TraversedCompany, type Traversal } from './traversal.ts';
import type { UboOutcome } from './ubo.ts';

const pct = (n: number) => `${Number(n.toFixed(2))}%`;
const list = (items: string[], max = 5) =>
  items.length <= max ? items.join(', ') : `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
const nameOf = (c: TraversedCompany) => `${c.ref.legalName ?? c.ref.companyId} (${c.ref.nodeId})`;

const STOPS: Record<StoppedReason, string> = {
  complete: 'Every company reachable was expanded.',
  interactive: 'Interactive: it stopped after one level.',
  graph_budget: 'It stopped where graphMaxBudget left no room for the next company.',
  max_budget: "It stopped where the request's maxBudget left no room for the next company.",
  insufficient_funds: 'It stopped where the account balance could not pay for the next company.',
  max_depth: 'It stopped at the depth limit.',
  register_unavailable: 'It stopped where a register stayed unavailable.',
  continuation_scope: 'It continued from the listed nodes only; other companies left for later keep their continuation.',
};

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
export function describeGraph(input: {
  traversal: Traversal;
  nodes: Graph['nodes'];
  ubo: UboOutcome;
  metadata: { amountSpent: number; companiesFetched: number; companiesSkipped: number; stoppedReason: StoppedReason };
}): string {
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
  if (ubo.status === 'identified') out.push(`${rootName} is ultimately owned by ${list(owners, 10)}.`);
  else if (ubo.status === 'proxy')
    out.push(
      `No individual holds ${threshold} or more of ${rootName}; its senior managing official, ${ubo.proxy!.name ?? 'unnamed'}` +
        `${ubo.proxy!.role ? ` (${ubo.proxy!.role})` : ''}, is reported as UBO proxy.`,
    );
  else if (ubo.status === 'undetermined')
    out.push(`No individual found so far holds ${threshold} or more of ${rootName}; companies not yet expanded may still lead to one.`);
  else out.push(`No individual holds ${threshold} or more of ${rootName}, and it names no individual representative to report instead.`);

  const ends = [...t.companies.values()].map(deadEnd).filter((d): d is string => d !== undefined);
  if (ends.length) out.push(`Ownership ends without individuals at: ${list(ends)}.`);

  const expanded = [...t.companies.values()].filter((c) => c.expanded && c.ownerCount > 0);
  const levels = expanded.reduce((max, c) => Math.max(max, c.depth + 1), 0);
  out.push(
    `The graph has ${nodes.length} nodes and ${t.edges.length} ownership links over ${levels} level${levels === 1 ? '' : 's'}: ` +
      `${m.companiesFetched} compan${m.companiesFetched === 1 ? 'y' : 'ies'} fetched for ${m.amountSpent} credit cents, ${m.companiesSkipped} not expanded.`,
  );
  out.push(STOPS[m.stoppedReason]);
  const later = [...t.companies.values()].filter((c) => c.skip && CONTINUABLE.has(c.skip));
  if (later.length) {
    const cost = later.reduce((s, c) => s + c.cost, 0);
    out.push(
      `To go on, pass graphContinueFromNodeIds ${list(later.map((c) => c.ref.nodeId))} (about ${cost} credit cents for that level).`,
    );
  }
  if (t.listedNotReached.length) out.push(`Not reached from ${rootName}: ${list(t.listedNotReached)}.`);
  return out.join(' ');
}
