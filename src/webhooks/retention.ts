import type { WorkQueue } from '../jobs/queue.ts';
import type { Clock } from '../shared/clock.ts';
import type { DeliveryRepository } from './repository/deliveries.ts';

export const WEBHOOK_PRUNE_JOB = 'webhook.prune';

const DAY_MS = 86_400_000;
/** Messages deleted per statement: short transactions beside the deliveries being written. */
const PRUNE_BATCH = 5_000;

/**
 * The delivery log's retention: once a day, messages older than `retentionMs` whose deliveries are all finished go,
 * with their delivery rows and attempts (at thousands of deliveries a second the log would otherwise grow without
 * end). A pending delivery keeps its message however old. The daily job is keyed by the service clock's day, so
 * the processes sharing the database prune once; each run schedules the next day's.
 */
export class WebhookLogRetention {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly queue: WorkQueue,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  /** Registers the daily job and schedules today's run (a no-op when today's has been sent already). */
  async start(): Promise<void> {
    if (this.retentionMs <= 0) return;
    this.queue.work(WEBHOOK_PRUNE_JOB, async () => {
      await this.prune();
      await this.scheduleDay(this.clock.nowMs() + DAY_MS, DAY_MS);
    });
    await this.scheduleDay(this.clock.nowMs(), 0);
  }

  /** Deletes the finished messages older than the retention; returns how many. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.clock.nowMs() - this.retentionMs);
    let total = 0;
    for (;;) {
      const n = await this.deliveries.pruneFinishedBefore(cutoff, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }

  private async scheduleDay(atMs: number, delayMs: number): Promise<void> {
    const day = new Date(atMs).toISOString().slice(0, 10);
    await this.queue.send(WEBHOOK_PRUNE_JOB, { day }, { key: `day:${day}`, delayMs });
  }
}
