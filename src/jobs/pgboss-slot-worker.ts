import type PgBoss from 'pg-boss';
import { errorData, failJobs, HANDLER_TIME_LIMIT_MS, type HeldJob } from './pgboss-worker.ts';
import { IdlePolling } from './idle-polling.ts';
import { WakeableWait } from './wakeable-wait.ts';

export interface SlotWorkerOptions {
  /** Jobs this process runs side by side for the queue. */
  slots: number;
  pollingIntervalMs: number;
  /** The longest idle wait (IdlePolling); pollingIntervalMs when absent. */
  idleMaxMs?: number | (() => number);
  onError: (err: unknown) => void;
}

/**
 * The fetch loop of a queue whose jobs are handled one by one (`WorkQueue.work`): it keeps up to `slots` jobs
 * running and completes each as it finishes, and a freed slot is refilled at once. A batch worker (PgBossWorker)
 * completes its jobs together when the slowest finishes, so one job of minutes (a CN credit report) held up the
 * seconds-long jobs fetched with it and every job behind them; here a slow job holds only its own slot.
 * Durability is pg-boss's as before: a job is completed only after its handler returned, and the heartbeat keeps
 * the held ones alive, so a job in flight when the process dies is retried.
 */
export class PgBossSlotWorker {
  private stopping = false;
  private readonly idleWait = new WakeableWait();
  /** Set while the loop waits for a slot to free (rather than for jobs to arrive). */
  private full = false;
  private loop?: Promise<void>;
  private readonly running = new Set<Promise<void>>();
  private readonly polling: IdlePolling;
  /** The jobs running now. */
  readonly held = new Set<HeldJob>();

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly handler: (job: PgBoss.Job<object>) => Promise<void>,
    private readonly opts: SlotWorkerOptions,
  ) {
    this.polling = new IdlePolling(opts.pollingIntervalMs, opts.idleMaxMs);
  }

  start(): void {
    this.loop = this.run();
  }

  /** Cuts the idle wait short: a job was just sent to this queue. */
  notify(): void {
    this.polling.reset();
    if (!this.full) this.idleWait.wake();
  }

  /** Stops fetching; resolves when the jobs in hand have finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.idleWait.wake();
    await this.loop;
    await Promise.allSettled([...this.running]);
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const free = this.opts.slots - this.running.size;
      if (free <= 0) {
        this.full = true;
        await this.idleWait.wait(); // until a job finishes
        this.full = false;
        continue;
      }
      let jobs: PgBoss.Job<object>[] = [];
      try {
        jobs = await this.boss.fetch<object>(this.name, { batchSize: free });
      } catch (err) {
        this.opts.onError(err);
      }
      for (const job of jobs) this.launch(job);
      // Every free slot filled: there may be more waiting, fetched as soon as a slot frees.
      if (jobs.length >= free) continue;
      if (!this.stopping) await this.idleWait.wait(this.polling.next(jobs.length));
    }
  }

  private launch(job: PgBoss.Job<object>): void {
    const held = { name: this.name, id: job.id };
    this.held.add(held);
    const run = this.runOne(job).finally(() => {
      this.held.delete(held);
      this.running.delete(run);
      if (this.full) this.idleWait.wake();
    });
    this.running.add(run);
  }

  private async runOne(job: PgBoss.Job<object>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler ran longer than ${HANDLER_TIME_LIMIT_MS} ms`)), HANDLER_TIME_LIMIT_MS);
      });
      try {
        await Promise.race([this.handler(job), limit]);
        await this.boss.complete(this.name, job.id);
      } catch (err) {
        // pg-boss retries a failed job with the queue's backoff, or marks it failed after the last retry.
        await failJobs(this.boss, this.name, [job.id], errorData(err));
        // Its retry is due in a second or so: poll at the base rate again rather than after a long idle wait.
        this.notify();
      }
    } catch (err) {
      // The store refused the completion itself; the heartbeat stops, so the job expires and is retried.
      this.opts.onError(err);
    } finally {
      clearTimeout(timer);
    }
  }
}
