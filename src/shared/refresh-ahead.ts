import { spacedReports } from './spaced-reports.ts';

export interface RefreshAheadOptions {
  /** What callers use is at most this old (from the start of the read that made it), unless the reads fail. */
  periodMs: number;
  /** Brings what callers use up to date. */
  refresh: () => Promise<void>;
  /**
   * A read that failed: the callers went on with what they had. Spaced (spaced-reports.ts): a failure that repeats
   * is passed on once in a while, with the number of failures since.
   */
  onFailure: (err: unknown, failures: number) => void;
  /** Monotonic milliseconds (tests move it). */
  now?: () => number;
}

/**
 * Keeps something read from the store (an in-memory index, say) current within `periodMs` without holding up the
 * callers that use it. The first caller past half the period starts a read in the background and goes on with what
 * there is; under steady use the read is done before the period runs out, so no caller waits for the store (one busy
 * for a moment, a lock or the embedded store's vacuum, would otherwise hold up every caller that fell on the read).
 * A caller past the whole period (after a quiet spell) waits for the read, shared with every other caller.
 *
 * A read that fails does not fail its callers: they go on with what there is, the failure is reported, and the next
 * caller tries again. What there is stays the last state read, which is what a caller would have had a moment
 * before the read failed.
 */
export class RefreshAhead {
  /** When the last read that succeeded started: what callers use holds what the store held then. */
  private readAt = -Infinity;
  private running: Promise<void> | undefined;
  private readonly failed: (err: unknown) => void;
  private readonly now: () => number;

  constructor(private readonly opts: RefreshAheadOptions) {
    this.failed = spacedReports(opts.onFailure);
    this.now = opts.now ?? (() => performance.now());
  }

  /** Before each use: resolves when what is used is current within the period, or its read failed (reported). */
  async current(): Promise<void> {
    const age = this.now() - this.readAt;
    if (age < this.opts.periodMs / 2) return;
    // `.finally` runs after this assignment even when the read throws at once.
    const read = (this.running ??= this.read().finally(() => (this.running = undefined)));
    if (age >= this.opts.periodMs) await read;
  }

  /** A failure of work a read left to run behind it (a rebuild): reported with the reads' own, spaced alike. */
  reportFailure(err: unknown): void {
    this.failed(err);
  }

  /** A read done outside (the first build, an ingestion's): what is used holds the store as of `startedAt`. */
  readAsOf(startedAt: number): void {
    this.readAt = Math.max(this.readAt, startedAt);
  }

  private async read(): Promise<void> {
    const startedAt = this.now();
    try {
      await this.opts.refresh();
      this.readAsOf(startedAt);
    } catch (err) {
      this.reportFailure(err);
    }
  }
}
