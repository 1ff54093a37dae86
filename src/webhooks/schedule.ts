/**
 * When the next delivery attempt runs. `schedule[k-1]` is the delay before attempt k (the first entry is the
 * first attempt's delay, normally 0); after the last entry the delivery gives up.
 */

/** Jitter spreads retries of many messages that failed together (a receiver outage) over time. */
const JITTER = 0.2;
/** A receiver's `Retry-After` can stretch a delay, but never beyond this: it must not park a message for ever. */
export const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** `ms` moved randomly by up to ±20 %, never negative. */
export function withJitter(ms: number, random: () => number = Math.random): number {
  return Math.max(0, Math.round(ms * (1 + (random() * 2 - 1) * JITTER)));
}

/**
 * A `Retry-After` header as milliseconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable. The date is the receiver's wall clock, so it is compared to ours.
 */
export function parseRetryAfter(header: string | undefined, wallNowMs: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - wallNowMs);
}

/**
 * The delay before attempt `attempt` (1-based), or undefined when the schedule has no such attempt.
 * A longer `Retry-After` from the previous answer wins over the (jittered) scheduled delay.
 */
export function delayBefore(
  schedule: readonly number[],
  attempt: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[attempt - 1];
  if (base === undefined) return undefined;
  const jittered = withJitter(base, random);
  if (retryAfterMs !== undefined && retryAfterMs > jittered) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
  return jittered;
}
