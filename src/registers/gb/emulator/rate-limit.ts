/**
 * The register's limit (registers/gb.md): 600 requests per 5 minutes per API key, then 429 until the window ends.
 * A fixed window per key, started by its first request, as the register's `X-Ratelimit-*` headers describe it.
 */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

export const REGISTER_RATE_LIMIT: RateLimitOptions = { limit: 600, windowMs: 5 * 60_000 };

export interface RateLimitAnswer {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends, epoch seconds (the register's `X-Ratelimit-Reset`). */
  resetAt: number;
}

export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly opts: RateLimitOptions,
    private readonly nowMs: () => number = Date.now,
  ) {}

  take(key: string): RateLimitAnswer {
    const now = this.nowMs();
    let w = this.windows.get(key);
    if (!w || now >= w.start + this.opts.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    const allowed = w.count < this.opts.limit;
    if (allowed) w.count++;
    return {
      allowed,
      limit: this.opts.limit,
      remaining: Math.max(0, this.opts.limit - w.count),
      resetAt: Math.ceil((w.start + this.opts.windowMs) / 1000),
    };
  }
}
