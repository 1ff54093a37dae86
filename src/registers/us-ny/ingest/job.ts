import { scheduleRecurring } from '../../../jobs/recurring.ts';
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

/** The daily snapshot ingestion as a recurring job of the shared queue (jobs/recurring.ts). */
export async function scheduleIngestion(queue: WorkQueue, s: IngestionSchedule): Promise<void> {
  await scheduleRecurring(queue, { ...s, job: US_NY_INGEST_JOB, isBusy: (err) => err instanceof SnapshotBusyError });
}
