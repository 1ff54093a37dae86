import type { WorkQueue } from '../../../jobs/queue.ts';
import { scheduleRecurring, type RecurringSchedule } from '../../../jobs/recurring.ts';
import { SnapshotBusyError } from '../repositories/snapshots.ts';

export const US_NY_INGEST_JOB = 'us-ny.snapshot.ingest';

export type IngestionSchedule = Omit<RecurringSchedule, 'isBusy' | 'job'>;

/** The daily snapshot ingestion as a recurring job of the shared queue (jobs/recurring.ts). */
export async function scheduleIngestion(queue: WorkQueue, s: IngestionSchedule): Promise<void> {
  await scheduleRecurring(queue, { ...s, job: US_NY_INGEST_JOB, isBusy: (err) => err instanceof SnapshotBusyError });
}
