import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../shared/errors.ts';

const WINDOW_MS = 60_000;

/**
 * What a failed authentication (a 401) costs the address, in requests: guessing API keys or the operator token
 * runs out of budget ten times sooner than ordinary traffic does.
 */
export const FAILED_AUTHENTICATION_COST = 10;

interface Window {
  used: number;
  resetAt: number;
}

/** One-minute windows per client address, in the process (like the per-key limits of rate-limit.ts). */
class AddressBudgets {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(readonly limit: number) {}

  window(address: string, now: number): Window {
    // Expired windows are dropped once a minute, so addresses seen once do not accumulate.
    if (now >= this.nextSweep) {
      for (const [a, w] of this.windows) if (w.resetAt <= now) this.windows.delete(a);
      this.nextSweep = now + WINDOW_MS;
    }
    let w = this.windows.get(address);
    if (!w || w.resetAt <= now) {
      w = { used: 0, resetAt: now + WINDOW_MS };
      this.windows.set(address, w);
    }
    return w;
  }
}

/**
 * The per-address limit, enforced before authentication: the per-key limiter runs after it (route hooks come after
 * the /v2 and /admin authentication hooks), so without this one failed authentications were never limited. Every
 * request costs the address one unit, a 401 `FAILED_AUTHENTICATION_COST`. Its RateLimit-* headers are on every
 * answer; an authenticated request's are then replaced by its key's (rate-limit.ts), which is what that caller spends.
 * Install before the routes, so its hooks run first.
 */
export function installAddressRateLimit(app: FastifyInstance, perMinute: number): void {
  const budgets = new AddressBudgets(perMinute);

  app.addHook('onRequest', async (req, reply) => {
    const now = Date.now();
    const w = budgets.window(req.ip, now);
    if (w.used >= budgets.limit) {
      const retryAfter = secondsUntil(w.resetAt, now);
      setHeaders(reply, budgets.limit, w, now);
      throw new ApiError(
        'rate_limited',
        `rate limit of ${budgets.limit} units per minute for this address exceeded (a failed authentication costs ${FAILED_AUTHENTICATION_COST}); retry in ${retryAfter} seconds`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
    w.used += 1;
    setHeaders(reply, budgets.limit, w, now);
  });

  app.addHook('onSend', async (req, reply) => {
    if (reply.statusCode !== 401) return;
    const now = Date.now();
    const w = budgets.window(req.ip, now);
    w.used += FAILED_AUTHENTICATION_COST - 1;
    setHeaders(reply, budgets.limit, w, now);
  });
}

function setHeaders(reply: FastifyReply, limit: number, w: Window, now: number): void {
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - w.used)));
  reply.header('ratelimit-reset', String(secondsUntil(w.resetAt, now)));
}

function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}
