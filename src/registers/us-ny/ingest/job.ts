import type { WorkQueue } from '../../../jobs/queue.ts';
import { SnapshotBusyError } from '../repositories/snapshots.ts';

export const US_NY_INGEST_JOB = 'us-ny.snapshot.ingest';

export interface IngestionSchedule {
  /** Time between ingestions (the dataset is published daily). */
  everyMs: number;
  /** Ingests the current snapshot (throws SnapshotBusyError when another process is at it). */
  run: () => Promise<unknown>;
  /** When the last snapshot was applied, if ever. */
  lastApplied: () => Promise<Date | undefined>;
  now: () => Date;
  onError?: (err: unknown) => void;
  /** After a failed run (the open-data API down, a broken file): when to try again. Default an hour. */
  retryMs?: number;
}

/**
 * The daily snapshot ingestion as a job of the shared queue. Each run schedules the next; the schedule is keyed by
 * its due time, so every process may (re)schedule at start without running it twice.
 */
export async function scheduleIngestion(queue: WorkQueue, s: IngestionSchedule): Promise<void> {
  const scheduleAt = async (dueMs: number) => {
    const due = new Date(dueMs).toISOString();
    await queue.send(US_NY_INGEST_JOB, { due }, { delayMs: Math.max(0, dueMs - s.now().getTime()), key: `due:${due}` });
  };
  queue.work(US_NY_INGEST_JOB, async () => {
    try {
      await s.run();
    } catch (err) {
      // Another process is ingesting: its run schedules the next one.
      if (err instanceof SnapshotBusyError) return;
      s.onError?.(err);
    }
    // A failed run leaves the last snapshot where it was, and its due time passed: try again later, under a key of
    // its own (the running job's key would make the send a no-op, and the schedule would stop).
    const last = await s.lastApplied();
    const now = s.now().getTime();
    await scheduleAt(Math.max((last?.getTime() ?? now) + s.everyMs, now + (s.retryMs ?? 3_600_000)));
  });
  // At start: a day after the last snapshot (now if there is none, or it is overdue).
  const last = await s.lastApplied();
  await scheduleAt(last ? last.getTime() + s.everyMs : s.now().getTime());
}
