import type { WorkQueue } from '../../../jobs/queue.ts';
import { SnapshotBusyError } from '../../../store/repositories/us-ny-snapshots.ts';

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
}

/**
 * The daily snapshot ingestion as a job of the shared queue. Each run schedules the next; the schedule is keyed by
 * its due time, so every process may (re)schedule at start without running it twice.
 */
export async function scheduleIngestion(queue: WorkQueue, s: IngestionSchedule): Promise<void> {
  const next = async (from: Date) => {
    const due = new Date(from.getTime() + s.everyMs);
    await queue.send(US_NY_INGEST_JOB, { due: due.toISOString() }, { delayMs: Math.max(0, due.getTime() - s.now().getTime()), key: `due:${due.toISOString()}` });
  };
  queue.work(US_NY_INGEST_JOB, async () => {
    try {
      await s.run();
    } catch (err) {
      // Another process is ingesting; its run schedules the next one too (same key).
      if (!(err instanceof SnapshotBusyError)) s.onError?.(err);
    } finally {
      await next((await s.lastApplied()) ?? s.now());
    }
  });
  const last = await s.lastApplied();
  await next(last ?? new Date(s.now().getTime() - s.everyMs));
}
