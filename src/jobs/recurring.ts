import type { WorkQueue } from './queue.ts';

export interface RecurringSchedule {
  /** Time between runs (a product the register publishes daily: a day). */
  everyMs: number;
  /** One run (ingests the product). */
  run: () => Promise<unknown>;
  /** When the last run succeeded, if ever: the next is due `everyMs` later. */
  lastApplied: () => Promise<Date | undefined>;
  now: () => Date;
  onError?: (err: unknown) => void;
  /** A run that throws this is another process's run under way: that run schedules the next one. */
  isBusy?: (err: unknown) => boolean;
  /** After a failed run (the source down, a broken file): when to try again. Default an hour. */
  retryMs?: number;
}

/**
 * A recurring ingestion as a durable job of the shared queue. Each run schedules the next; the schedule is keyed by
 * its due time, so every process may (re)schedule at start without running it twice.
 */
export async function scheduleRecurring(queue: WorkQueue, job: string, s: RecurringSchedule): Promise<void> {
  const scheduleAt = async (dueMs: number) => {
    const due = new Date(dueMs).toISOString();
    await queue.send(job, { due }, { delayMs: Math.max(0, dueMs - s.now().getTime()), key: `due:${due}` });
  };
  queue.work(job, async () => {
    try {
      await s.run();
    } catch (err) {
      if (s.isBusy?.(err)) return;
      s.onError?.(err);
    }
    // A failed run leaves the last one where it was, and its due time passed: try again later, under a key of its own
    // (the running job's key would make the send a no-op, and the schedule would stop).
    const last = await s.lastApplied();
    const now = s.now().getTime();
    await scheduleAt(Math.max((last?.getTime() ?? now) + s.everyMs, now + (s.retryMs ?? 3_600_000)));
  });
  // At start: `everyMs` after the last run (now if there is none, or it is overdue).
  const last = await s.lastApplied();
  await scheduleAt(last ? last.getTime() + s.everyMs : s.now().getTime());
}
