import { z } from 'zod';
import { BirthDate } from './individual.ts';

export const GraphNode = z
  .object({
    nodeId: z.string().describe('`CC:companyId` for companies; an opaque id for individuals.'),
    individual: z.object({ name: z.string().optional(), birthDate: BirthDate.optional() }).optional(),
    company: z.object({ legalName: z.string().optional(), id: z.string().optional(), countryCode: z.string().optional() }).optional(),
    totalOwnershipPercentage: z.number().optional(),
    flags: z
      .object({
        isRoot: z.boolean().optional(),
        isUbo: z.boolean().optional(),
        isUboProxy: z.boolean().optional(),
        uboCalculationMethod: z.array(z.string()).optional(),
      })
      .optional(),
    continuation: z
      .object({ estimatedCost: z.number(), depth: z.number(), accumulatedOwnership: z.number() })
      .optional()
      .describe('Present on nodes not expanded (budget or interactive stop); pass the nodeId in graphContinueFromNodeIds.'),
  })
  .meta({ id: 'GraphNode' });

export const GraphEdge = z
  .object({
    id: z.string(),
    fromId: z.string().describe('The owner.'),
    toId: z.string().describe('The owned company.'),
    percentage: z.number().optional(),
    source: z.string().optional(),
  })
  .meta({ id: 'GraphEdge' });

export const Graph = z
  .object({
    nodes: z.array(GraphNode),
    edges: z.array(GraphEdge),
    mermaidDiagram: z.string().optional(),
    description: z.string().optional(),
    metadata: z
      .object({
        amountSpent: z.number(),
        companiesFetched: z.number(),
        companiesSkipped: z.number(),
        interactive: z.boolean(),
        stoppedReason: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'Graph' });
export type Graph = z.infer<typeof Graph>;
