import type { Graph, Shareholder } from '../contract/index.ts';

const UBO_THRESHOLD = 25;

/**
 * The first level of the ownership graph: the company and its direct shareholders. Individuals holding
 * at least 25 percent directly are flagged as UBOs. Corporate shareholders are not expanded yet; they
 * carry a `continuation` so that a later request can resume from them.
 */
export function directOwnersGraph(root: { countryCode: string; id: string; legalName?: string }, shareholders: Shareholder[]): Graph {
  const rootId = `${root.countryCode}:${root.id}`;
  const nodes: Graph['nodes'] = [
    { nodeId: rootId, company: { legalName: root.legalName, id: root.id, countryCode: root.countryCode }, flags: { isRoot: true, isUbo: false, isUboProxy: false } },
  ];
  const edges: Graph['edges'] = [];
  shareholders.forEach((sh, i) => {
    const pct = sh.sharePercentage ?? 0;
    const nodeId =
      sh.type === 'company' && sh.company?.id
        ? `${sh.company.countryCode ?? root.countryCode}:${sh.company.id}`
        : `person:${sh.entityId ?? i}`;
    if (sh.type === 'company') {
      nodes.push({
        nodeId,
        company: { legalName: sh.company?.legalName, id: sh.company?.id, countryCode: sh.company?.countryCode ?? root.countryCode },
        totalOwnershipPercentage: pct,
        flags: { isRoot: false, isUbo: false, isUboProxy: false },
        continuation: { estimatedCost: 0, depth: 1, accumulatedOwnership: pct },
      });
    } else {
      const isUbo = pct >= UBO_THRESHOLD;
      nodes.push({
        nodeId,
        individual: { name: sh.individual?.name?.fullName, birthDate: sh.individual?.birthDate },
        totalOwnershipPercentage: pct,
        flags: { isRoot: false, isUbo, isUboProxy: false, uboCalculationMethod: isUbo ? ['direct_shareholding'] : [] },
      });
    }
    edges.push({ id: `e${i + 1}`, fromId: nodeId, toId: rootId, percentage: pct, source: 'shareholders' });
  });
  const companies = nodes.filter((n) => n.company && !n.flags?.isRoot).length;
  return {
    nodes,
    edges,
    description: `${root.legalName ?? root.id} has ${shareholders.length} direct shareholder(s); ${companies} corporate shareholder(s) not expanded.`,
    metadata: { amountSpent: 0, companiesFetched: 1, companiesSkipped: companies, interactive: true, stoppedReason: 'first_level_only' },
  };
}
