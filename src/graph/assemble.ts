import { GraphStoppedReason, type Graph, type LegalRepresentative } from '../contract/index.ts';
import { describeGraph } from './description.ts';
import { renderMermaid } from './mermaid.ts';
import { ownershipOf, round } from './ownership.ts';
import { CONTINUABLE, type Traversal } from './traversal.ts';
import { uboOf, type UboThresholds } from './ubo.ts';

/** Why expansion ended, most pressing first (the contract's order): the first that stopped a company is `metadata.stoppedReason`. */
const STOP_PRIORITY = GraphStoppedReason.options.filter((r): r is Exclude<GraphStoppedReason, 'complete'> => r !== 'complete');

export function stoppedReasonOf(t: Traversal): GraphStoppedReason {
  const reasons = new Set<string | undefined>([...t.companies.values()].map((c) => c.skip));
  return STOP_PRIORITY.find((r) => reasons.has(r)) ?? 'complete';
}

/**
 * The public graph (spec §2.6) from a traversal: ownership of the requested company per node, UBO flags, the
 * continuation of every company a later request can expand, the mermaid diagram and the description.
 */
export function assembleGraph(
  t: Traversal,
  opts: { representatives: readonly LegalRepresentative[]; interactive: boolean; thresholds?: UboThresholds },
): Graph {
  const holdings = ownershipOf(t.root.nodeId, t.edges);
  const continuable = [...t.companies.values()].filter((c) => c.skip && CONTINUABLE.has(c.skip));
  const untraced = continuable.reduce((sum, c) => sum + (holdings.get(c.ref.nodeId)?.total ?? 0), 0);
  const ubo = uboOf({
    countryCode: t.root.countryCode,
    individuals: new Map([...t.people.keys()].map((id) => [id, holdings.get(id)])),
    untraced,
    representatives: opts.representatives,
    ...(opts.thresholds ? { thresholds: opts.thresholds } : {}),
  });

  const nodes: Graph['nodes'] = [];
  for (const c of t.companies.values()) {
    const isRoot = c.ref.nodeId === t.root.nodeId;
    const total = holdings.get(c.ref.nodeId)?.total;
    nodes.push({
      nodeId: c.ref.nodeId,
      company: {
        ...(c.ref.legalName ? { legalName: c.ref.legalName } : {}),
        ...(c.ref.companyId ? { id: c.ref.companyId } : {}),
        countryCode: c.ref.countryCode,
      },
      ...(!isRoot ? { totalOwnershipPercentage: total ?? 0 } : {}),
      flags: { isRoot, isUbo: false, isUboProxy: false, uboCalculationMethod: [] },
      ...(c.skip && CONTINUABLE.has(c.skip)
        ? { continuation: { estimatedCost: c.cost, depth: c.depth, accumulatedOwnership: round(total ?? 0) } }
        : {}),
    });
  }
  const person = (nodeId: string, name?: string, birthDate?: object) => {
    const f = ubo.flags.get(nodeId) ?? { isUbo: false, isUboProxy: false, uboCalculationMethod: [] };
    return {
      nodeId,
      individual: { ...(name ? { name } : {}), ...(birthDate ? { birthDate } : {}) },
      totalOwnershipPercentage: holdings.get(nodeId)?.total ?? 0,
      flags: { isRoot: false, isUbo: f.isUbo, isUboProxy: f.isUboProxy, uboCalculationMethod: f.uboCalculationMethod },
    };
  };
  for (const p of t.people.values()) nodes.push(person(p.nodeId, p.name, p.birthDate));
  // The senior managing official is a node even when not an owner (no edge: no holding).
  if (ubo.proxy && !t.people.has(ubo.proxy.nodeId)) nodes.push(person(ubo.proxy.nodeId, ubo.proxy.name, ubo.proxy.birthDate));

  const edges: Graph['edges'] = t.edges.map((e, i) => ({
    id: `e${i + 1}`,
    fromId: e.fromId,
    toId: e.toId,
    ...(e.percentage !== undefined ? { percentage: round(e.percentage) } : {}),
    ...(e.source ? { source: e.source } : {}),
  }));
  const companies = [...t.companies.values()];
  const metadata = {
    amountSpent: t.amountSpent,
    companiesFetched: companies.filter((c) => c.expanded).length,
    companiesSkipped: companies.filter((c) => !c.expanded).length,
    interactive: opts.interactive,
    stoppedReason: stoppedReasonOf(t),
  };
  return {
    nodes,
    edges,
    mermaidDiagram: renderMermaid({ nodes, edges }),
    description: describeGraph({ traversal: t, nodes, ubo, metadata }),
    metadata,
  };
}
