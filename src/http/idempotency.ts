import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { IdempotencyService } from '../idempotency/service.ts';
import { ApiError } from '../shared/errors.ts';

/** The header as documented on creating POSTs; other headers pass through untouched. */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Repeat-safe key: a repeat within 24 hours returns the first response.'),
});

/**
 * `Idempotency-Key` on creating POSTs: reads the header, fingerprints the route and body, and lets the idempotency
 * module decide whether the work runs or the first answer is replayed (`idempotent-replayed: true`).
 */
export class HttpIdempotency {
  constructor(private readonly service: IdempotencyService) {}

  async run<T>(req: FastifyRequest, reply: FastifyReply, accountId: string, work: () => Promise<{ status: number; body: T }>): Promise<T> {
    const key = req.headers['idempotency-key'];
    if (key === undefined) return send(reply, await work());
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 characters');
    }
    const route = `${req.method} ${req.routeOptions.url}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const result = await this.service.run({ accountId, key, route, fingerprint }, work);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return send(reply, result);
  }
}

function send<T>(reply: FastifyReply, result: { status: number; body: T }): T {
  reply.status(result.status);
  return result.body;
}
