import type { WorkQueue } from '../../../jobs/queue.ts';
import { scheduleRecurring, type RecurringSchedule } from '../../../jobs/recurring.ts';
import { SnapshotBusyError } from '../repositories/snapshots.ts';

export const US_NY_INGEST_JOB = 'us-ny.snapshot.ingest';

export type IngestionSchedule = Omit<RecurringSchedule, 'isBusy'>;

/**
 * The daily snapshot ingestion as a job of the shared queue (a recurring schedule keyed by due time). A run that finds
 * another process ingesting (SnapshotBusyError) leaves the next one to that process.
 */
export async function scheduleIngestion(queue: WorkQueue, s: IngestionSchedule): Promise<void> {
  await scheduleRecurring(queue, US_NY_INGEST_JOB, { ...s, isBusy: (err) => err instanceof SnapshotBusyError });
}
