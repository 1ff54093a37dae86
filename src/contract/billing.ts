import { z } from 'zod';
import { PageQuery, Timestamp } from './common.ts';

export const BillingEvent = z
  .object({
    id: z.string(),
    requestId: z.string(),
    companyId: z.string(),
    countryCode: z.string(),
    kind: z.enum(['dataBlock', 'document']),
    sku: z.string().describe('The block sku of the catalogue, or the document type.'),
    documentId: z.string().optional(),
    amount: z.number().int().describe('Credit cents charged; 0 when deduplicated or included.'),
    status: z.enum(['charged', 'deduplicated', 'included']),
    linkedEventId: z.string().optional().describe('For deduplicated and included events: the charged event that covers this one.'),
    createdAt: Timestamp,
  })
  .meta({
    id: 'BillingEvent',
    description:
      'One billable unit (data block or document) of a request that was delivered. Failed work has no event. ' +
      'The same block for the same company within its deduplication window (24 hours unless the catalogue says ' +
      'otherwise, measured between request creation times) is deduplicated; a document included with a block ' +
      'charged or deduplicated for the company is included.',
  });
export type BillingEvent = z.infer<typeof BillingEvent>;

export const BillingEventsQuery = PageQuery.extend({
  requestId: z.string().min(1).max(100).optional().describe('Only the events of this request.'),
});

export const BillingEventList = z
  .object({
    events: z.array(BillingEvent).describe('Newest first.'),
    hasNextPage: z.boolean(),
    nextCursor: z.string().optional().describe('Pass as `after` for the next page; absent on the last page.'),
  })
  .meta({ id: 'BillingEventList' });
export type BillingEventList = z.infer<typeof BillingEventList>;
