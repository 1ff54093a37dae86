import type { WorkQueue } from './queue.ts';

export interface RecurringSchedule {
  /** The queue's job name. */
  job: string;
  /** Time between runs (a register's publication period: daily, monthly). */
  everyMs: number;
  /** Does the work (throws an error `isBusy` recognises when another process is at it). */
  run: () => Promise<unknown>;
  /** When the work last completed, if ever. */
  lastApplied: () => Promise<Date | undefined>;
  now: () => Date;
  /** Another process is running it: its run schedules the next one. */
  isBusy?: (err: unknown) => boolean;
  onError?: (err: unknown) => void;
  /** After a failed run (the source down, a broken file): when to try again. Default an hour. */
  retryMs?: number;
}

/**
 * Periodic work (a register's bulk ingestion) as a job of the shared queue. Each run schedules the next; the schedule
 * is keyed by its due time, so every process may (re)schedule at start without running it twice.
 */
export async function scheduleRecurring(queue: WorkQueue, s: RecurringSchedule): Promise<void> {
  const scheduleAt = async (dueMs: number) => {
    const due = new Date(dueMs).toISOString();
    await queue.send(s.job, { due }, { delayMs: Math.max(0, dueMs - s.now().getTime()), key: `due:${due}` });
  };
  queue.work(s.job, async () => {
    try {
      await s.run();
    } catch (err) {
      if (s.isBusy?.(err)) return;
      s.onError?.(err);
    }
    // A failed run leaves the last one where it was, and its due time passed: try again later, under a key of
    // its own (the running job's key would make the send a no-op, and the schedule would stop).
    const last = await s.lastApplied();
    const now = s.now().getTime();
    await scheduleAt(Math.max((last?.getTime() ?? now) + s.everyMs, now + (s.retryMs ?? 3_600_000)));
  });
  // At start: a period after the last run (now if there is none, or it is overdue).
  const last = await s.lastApplied();
  await scheduleAt(last ? last.getTime() + s.everyMs : s.now().getTime());
}
