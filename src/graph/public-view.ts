import type { Graph, GraphStoppedReason, INCUMBENT_STOPPED_REASONS, PublicGraph } from '../contract/index.ts';

/** Our stop reasons in the incumbent's words (its GraphMetadataDTO); ours stays beside as `stopDetail`. */
const STOPPED: Record<GraphStoppedReason, (typeof INCUMBENT_STOPPED_REASONS)[number]> = {
  complete: 'completed',
  continuation_scope: 'completed',
  insufficient_funds: 'budget_exhausted',
  max_budget: 'budget_exhausted',
  graph_budget: 'budget_exhausted',
  max_depth: 'max_depth_reached',
  interactive: 'max_depth_reached',
  register_unavailable: 'timeout',
};

/**
 * The graph as the API shows it, drawn as the incumbent draws it: an edge goes from the owned company (`fromId`) to
 * its owner (`toId`), nodes carry their `type`, an individual's name is a person name, a company left for a
 * continuation is flagged `budget_truncated` and its continuation says why (`reason: budget`), and the stop reason
 * uses the incumbent's values. The graph module keeps its own shape (owner to owned) for traversal, billing and
 * the mermaid diagram, which draws owners above what they own.
 */
export function publicGraph(graph: Graph): PublicGraph {
  const { metadata: _m, ...rest } = graph;
  return {
    ...rest,
    nodes: graph.nodes.map((n) => {
      const { individual, flags, continuation, ...rest } = n;
      const method = flags?.uboCalculationMethod;
      const shareholding = method?.some((m) => m !== 'senior_managing_official');
      return {
        ...rest,
        type: individual ? ('individual' as const) : ('company' as const),
        ...(individual ? { individual: { ...individual, name: { fullName: individual.name ?? '' } } } : {}),
        ...(flags || n.company
          ? {
              flags: {
                ...(flags ? { ...flags, uboCalculationMethod: shareholding ? ['accumulation' as const] : undefined } : {}),
                ...(method ? { uboCalculationDetail: method } : {}),
                ...(n.company ? { status: continuation ? ('budget_truncated' as const) : ('found' as const) } : {}),
              },
            }
          : {}),
        ...(continuation ? { continuation: { reason: 'budget' as const, ...continuation } } : {}),
      };
    }),
    edges: graph.edges.map((e) => ({ ...e, fromId: e.toId, toId: e.fromId })),
    ...(graph.metadata
      ? {
          metadata: {
            amountSpent: graph.metadata.amountSpent,
            companiesFetched: graph.metadata.companiesFetched,
            companiesSkipped: graph.metadata.companiesSkipped,
            interactive: graph.metadata.interactive,
            stoppedReason: STOPPED[graph.metadata.stoppedReason ?? 'complete'],
            ...(graph.metadata.stoppedReason ? { stopDetail: graph.metadata.stoppedReason } : {}),
          },
        }
      : {}),
  };
}
