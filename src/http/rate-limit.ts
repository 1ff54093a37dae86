import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../shared/errors.ts';
import { hashApiKey } from '../accounts/keys.ts';

/**
 * Per-API-key limits (per client address for calls without a key). Every response carries
 * RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 also carries Retry-After.
 * Counters live in the process: with several processes each enforces the limit on its own share.
 */
export async function installRateLimits(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    keyGenerator: (req) => {
      const key = req.headers['x-api-key'];
      return typeof key === 'string' && key ? `key:${hashApiKey(key)}` : `ip:${req.ip}`;
    },
    errorResponseBuilder: (_req, ctx) =>
      new ApiError('rate_limited', `rate limit of ${ctx.max} requests per minute exceeded; retry in ${ctx.after}`),
  });
}
