/**
 * How long a fetch loop waits after a fetch that found nothing: `baseMs`, doubled after each empty fetch up to `maxMs`,
 * back to `baseMs` once a job is found. Where every send wakes the loop itself (the embedded store, one process; on
 * PostgreSQL while the process listens for other processes' sends), the polls only catch retries and expiries, and an
 * idle service need not ask the store forty times a second. `maxMs` may change (a lost listening connection): it is
 * read at each wait.
 */
export class IdlePolling {
  private current: number;

  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number | (() => number) = baseMs,
  ) {
    this.current = baseMs;
  }

  /** The wait after a fetch that found `found` jobs. */
  next(found: number): number {
    if (found > 0) this.current = this.baseMs;
    const maxMs = Math.max(this.baseMs, typeof this.maxMs === 'function' ? this.maxMs() : this.maxMs);
    const wait = Math.min(this.current, maxMs);
    this.current = Math.min(maxMs, this.current * 2);
    return wait;
  }

  /** Something happened that may make jobs due soon (a send, a failure to be retried): poll at the base rate again. */
  reset(): void {
    this.current = this.baseMs;
  }
}
