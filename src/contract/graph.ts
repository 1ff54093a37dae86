import { z } from 'zod';
import { BirthDate, PersonName } from './individual.ts';

/** Why the graph's expansion ended; the first of these (in this order) that stopped any company. */
export const GraphStoppedReason = z
  .enum([
    'complete',
    'insufficient_funds',
    'max_budget',
    'graph_budget',
    'register_unavailable',
    'max_depth',
    'interactive',
    'continuation_scope',
  ])
  .describe(
    'Why expansion ended. complete: every company reachable (within what was asked) was expanded; ' +
      "insufficient_funds: the balance could not pay for the next company; max_budget: the request's maxBudget left no room; " +
      'graph_budget: graphMaxBudget left no room; register_unavailable: a register stayed unavailable for the whole retry window; ' +
      'max_depth: companies 10 levels above the requested one are not expanded (continue from them to go on); ' +
      'interactive: graphInteractive stopped after one level; continuation_scope: a continuation request expanded the listed ' +
      'nodes and what lies above them, other companies keep their continuation. When several apply, the first in this list ' +
      '(after complete) is given.',
  )
  .meta({ id: 'GraphStopDetail' });
export type GraphStoppedReason = z.infer<typeof GraphStoppedReason>;

/** A node as the graph module builds and stores it; the API shows PublicGraphNode (the incumbent's shape). */
const GraphNode = z.object({
  nodeId: z.string().describe('`CC:companyId` for companies; an opaque id (`person:…`) for individuals.'),
  individual: z.object({ name: z.string().optional(), birthDate: BirthDate.optional() }).optional(),
  company: z.object({ legalName: z.string().optional(), id: z.string().optional(), countryCode: z.string().optional() }).optional(),
  totalOwnershipPercentage: z
    .number()
    .optional()
    .describe(
      'Percent of the requested company this node holds, directly and through other companies: multiplied along each ' +
        'chain, added across paths; a path never passes through a company twice, so cycles count once. Absent on the root.',
    ),
  flags: z
    .object({
      isRoot: z.boolean().optional().describe('The requested company.'),
      isUbo: z
        .boolean()
        .optional()
        .describe("An individual whose total ownership reaches the UBO threshold of the requested company's country (25% by default)."),
      isUboProxy: z
        .boolean()
        .optional()
        .describe(
          'The senior managing official (first individual legal representative of the requested company), reported when no ' +
            'individual reaches the threshold and the companies not yet expanded could not change that.',
        ),
      uboCalculationMethod: z
        .array(z.enum(['direct_shareholding', 'indirect_shareholding', 'senior_managing_official']))
        .optional()
        .describe(
          'How the flag was reached: direct_shareholding, indirect_shareholding (both when both contribute), senior_managing_official.',
        ),
    })
    .optional(),
  continuation: z
    .object({
      estimatedCost: z
        .number()
        .describe("Credit cents to expand this company now: its register's shareholders block, 0 when it would be deduplicated."),
      depth: z.number().describe('Levels above the requested company (its direct owners are at 1).'),
      accumulatedOwnership: z.number().describe('Percent of the requested company held through this company.'),
    })
    .optional()
    .describe(
      'Present on companies not expanded that a later request can expand (budget, interactive, depth, unavailable register); pass the nodeId in graphContinueFromNodeIds.',
    ),
});

const GraphEdge = z.object({
  id: z.string(),
  fromId: z.string().describe('The owner.'),
  toId: z.string().describe('The owned company.'),
  percentage: z.number().optional().describe('Percent of toId that fromId holds directly.'),
  source: z.string().optional().describe('The register that published the holding.'),
});

/** The graph as the graph module builds and stores it (edges from owner to owned, our own reason names). */
const StoredGraph = z.object({
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  mermaidDiagram: z.string().optional().describe('The graph as a mermaid flowchart (owners above what they own).'),
  description: z
    .string()
    .optional()
    .describe('The graph in words: who ultimately owns the company, how far the graph went, why it stopped.'),
  metadata: z
    .object({
      amountSpent: z
        .number()
        .describe('Credit cents this request charged for the graph: one billing event per company expanded (deduplicated ones at 0).'),
      companiesFetched: z.number().describe('Companies whose shareholders were fetched (the requested company included).'),
      companiesSkipped: z.number().describe('Companies in the graph not expanded: left for later (continuation) or dead ends.'),
      interactive: z.boolean(),
      stoppedReason: GraphStoppedReason.optional(),
    })
    .optional(),
});
export type Graph = z.infer<typeof StoredGraph>;

/** The incumbent's reasons (its GraphMetadataDTO); ours, finer, are in `stopDetail`. */
export const INCUMBENT_STOPPED_REASONS = ['completed', 'budget_exhausted', 'max_depth_reached', 'max_nodes_reached', 'timeout'] as const;

const PublicGraphNode = z
  .object({
    nodeId: z.string().describe('`CC:companyId` for companies; an opaque id (`person:…`) for individuals.'),
    type: z.enum(['individual', 'company']),
    individual: z.object({ name: PersonName, birthDate: BirthDate.optional() }).optional(),
    company: z.object({ legalName: z.string().optional(), id: z.string().optional(), countryCode: z.string().optional() }).optional(),
    totalOwnershipPercentage: GraphNode.shape.totalOwnershipPercentage,
    flags: z
      .object({
        isRoot: z.boolean().optional().describe('The requested company.'),
        isUbo: z
          .boolean()
          .optional()
          .describe("An individual whose total ownership reaches the UBO threshold of the requested company's country (25% by default)."),
        isUboProxy: z.boolean().optional().describe('The senior managing official, reported when no individual reaches the threshold.'),
        uboCalculationMethod: z
          .array(z.enum(['accumulation', 'domination']))
          .optional()
          .describe('accumulation: ownership multiplied along each chain and added across paths (how every UBO here is found).'),
        uboCalculationDetail: z
          .array(z.enum(['direct_shareholding', 'indirect_shareholding', 'senior_managing_official']))
          .optional()
          .describe('Ours, finer: direct_shareholding, indirect_shareholding (both when both contribute), senior_managing_official.'),
        status: z
          .enum(['found', 'budget_truncated'])
          .optional()
          .describe('Companies: found (expanded), budget_truncated (not expanded; pass its nodeId in graphContinueFromNodeIds).'),
      })
      .optional(),
    continuation: z
      .object({
        reason: z.literal('budget'),
        estimatedCost: z
          .number()
          .describe("Credit cents to expand this company now: its register's shareholders block, 0 when deduplicated."),
        depth: z.number().describe('Levels above the requested company (its direct owners are at 1).'),
        accumulatedOwnership: z.number().describe('Percent of the requested company held through this company.'),
      })
      .optional()
      .describe('Present on companies a later request can expand; pass the nodeId in graphContinueFromNodeIds.'),
  })
  .meta({ id: 'GraphNode' });

const PublicGraphEdge = z
  .object({
    id: z.string(),
    fromId: z.string().describe('The owned company (the incumbent’s direction).'),
    toId: z.string().describe('The owner.'),
    percentage: z.number().optional().describe('Percent of fromId that toId holds directly.'),
    source: z.string().optional().describe('The register that published the holding.'),
  })
  .meta({ id: 'GraphEdge' });

export const PublicGraph = z
  .object({
    nodes: z.array(PublicGraphNode),
    edges: z.array(PublicGraphEdge),
    mermaidDiagram: StoredGraph.shape.mermaidDiagram,
    description: StoredGraph.shape.description,
    metadata: z
      .object({
        amountSpent: z.number().describe('Credit cents this request charged for the graph (deduplicated companies at 0).'),
        companiesFetched: z.number().describe('Companies whose shareholders were fetched (the requested company included).'),
        companiesSkipped: z.number().describe('Companies in the graph not expanded: left for later (continuation) or dead ends.'),
        interactive: z.boolean(),
        stoppedReason: z
          .enum(INCUMBENT_STOPPED_REASONS)
          .describe(
            'completed; budget_exhausted (balance, maxBudget or graphMaxBudget); max_depth_reached (depth, interactive); timeout (a register stayed unavailable).',
          ),
        stopDetail: GraphStoppedReason.optional(),
      })
      .optional(),
  })
  .meta({
    id: 'Graph',
    description:
      'The ownership graph (verification mode): expanded breadth-first from the requested company, each corporate owner in its own ' +
      "register. Every company expanded is billed as its register's shareholders block (deduplicated for 24 hours like any block), " +
      'capped by graphMaxBudget and maxBudget.',
  });
export type PublicGraph = z.infer<typeof PublicGraph>;
