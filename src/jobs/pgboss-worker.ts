import type PgBoss from 'pg-boss';
import { IdlePolling } from './idle-polling.ts';
import { WakeableWait } from './wakeable-wait.ts';

/**
 * How long a handler may run before its jobs are failed (and so retried), as pg-boss's `expireInSeconds` was:
 * long enough for the slowest register attempt (CN reports take up to 7 minutes).
 */
export const HANDLER_TIME_LIMIT_MS = 15 * 60 * 1000;

export interface WorkerOptions {
  batchSize: number;
  pollingIntervalMs: number;
  /** The longest idle wait, reached by doubling after empty fetches (IdlePolling); pollingIntervalMs when absent. */
  idleMaxMs?: number | (() => number);
  onError: (err: unknown) => void;
}

/** A job this process holds, for the heartbeat. */
export interface HeldJob {
  name: string;
  id: string;
}

/** A fetch loop of one queue, as the queue sees it. */
export interface QueueWorker {
  readonly name: string;
  readonly held: ReadonlySet<HeldJob>;
  start(): void;
  notify(): void;
  stop(): Promise<void>;
}

/**
 * One fetch loop of a queue, written on our side because pg-boss 10's `work` lacks what 12 gave us: a full fetch
 * means a backlog, so it fetches again at once (12's `burstWhenBatchFull`); a send in this process wakes it
 * (12 woke workers by LISTEN/NOTIFY); it awaits the completion or failure of its jobs (10's worker does not, so
 * a failed `complete` would be an unhandled rejection and a stop could close the pool under it); and the jobs in
 * hand are reported to the heartbeat. Concurrency is several loops, as 12's `localConcurrency` was.
 */
export class PgBossWorker {
  private stopping = false;
  private readonly idleWait = new WakeableWait();
  private loop?: Promise<void>;
  private readonly polling: IdlePolling;
  /** The jobs of the batch running now. */
  readonly held = new Set<HeldJob>();

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly handler: (jobs: PgBoss.Job<object>[]) => Promise<void>,
    private readonly opts: WorkerOptions,
  ) {
    this.polling = new IdlePolling(opts.pollingIntervalMs, opts.idleMaxMs);
  }

  start(): void {
    this.loop = this.run();
  }

  /** Cuts the idle wait short: a job was just sent to this queue. */
  notify(): void {
    this.polling.reset();
    this.idleWait.wake();
  }

  /** Stops fetching; resolves when the batch in hand has finished. */
  stop(): Promise<void> {
    this.stopping = true;
    this.idleWait.wake();
    return this.loop ?? Promise.resolve();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let jobs: PgBoss.Job<object>[] = [];
      try {
        jobs = await this.boss.fetch<object>(this.name, { batchSize: this.opts.batchSize });
      } catch (err) {
        this.opts.onError(err);
      }
      if (jobs.length) await this.runBatch(jobs);
      if (jobs.length >= this.opts.batchSize) continue;
      if (!this.stopping) await this.idleWait.wait(this.polling.next(jobs.length));
    }
  }

  private async runBatch(jobs: PgBoss.Job<object>[]): Promise<void> {
    const ids = jobs.map((j) => j.id);
    const held = ids.map((id) => ({ name: this.name, id }));
    for (const h of held) this.held.add(h);
    let timer: NodeJS.Timeout | undefined;
    try {
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler ran longer than ${HANDLER_TIME_LIMIT_MS} ms`)), HANDLER_TIME_LIMIT_MS);
      });
      try {
        await Promise.race([this.handler(jobs), limit]);
        await this.boss.complete(this.name, ids);
      } catch (err) {
        // pg-boss retries failed jobs with the queue's backoff, or marks them failed after the last retry.
        await failJobs(this.boss, this.name, ids, errorData(err));
        this.polling.reset();
      }
    } catch (err) {
      // The store refused the completion itself; the heartbeat stops, so the jobs expire and are retried.
      this.opts.onError(err);
    } finally {
      clearTimeout(timer);
      for (const h of held) this.held.delete(h);
    }
  }
}

/**
 * pg-boss's `fail` for several jobs with the reason kept as their output: its implementation takes that data
 * for an array of ids too, its types only for one id.
 */
export function failJobs(boss: PgBoss, name: string, ids: string[], data: object): Promise<unknown> {
  return (boss.fail as (name: string, ids: string[], data: object) => Promise<unknown>).call(boss, name, ids, data);
}

/** What pg-boss keeps as a failed job's output. */
export function errorData(err: unknown): object {
  return err instanceof Error ? { message: err.message, stack: err.stack } : { value: String(err) };
}
