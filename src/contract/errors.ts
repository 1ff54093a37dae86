import { z } from 'zod';
import { ERROR_STATUS, ITEM_ERROR_CODES } from '../shared/errors.ts';

export const ErrorBody = z
  .object({
    statusCode: z.number().int(),
    error: z.object({
      code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS]),
      message: z.string(),
      details: z.array(z.string()).optional(),
    }),
  })
  .meta({
    id: 'Error',
    description:
      'The body of every non-2xx response. `statusCode` repeats the HTTP status: each code has one status, except ' +
      '`invalid_request`, which is 400, or 405 (method not allowed on the path), 408 (request not received in time), ' +
      '413 (body too large), 415 (body not JSON) or 431 (headers or URL too large).',
  });

export const ItemError = z
  .object({
    code: z.enum(ITEM_ERROR_CODES),
    message: z.string(),
    retryable: z.boolean(),
    source: z.string().optional().describe('The register or step that failed.'),
    cost: z.number().optional().describe('With budget_exceeded: what the block would have cost, in credit cents.'),
  })
  .meta({ id: 'ItemError' });
export type ItemError = z.infer<typeof ItemError>;

/** Standard error responses, for route definitions. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries(codes.map((c) => [c, ErrorBody]));
}
