import { batchesFromWorker } from '../../../shared/worker-batches.ts';
import type { BulkReadStats } from './bulk-csv.ts';

export interface WorkerInput {
  /** The product's parts, in order: URLs or local paths, each a zip or the CSV itself. */
  sources: readonly string[];
}

const WORKER = new URL('./bulk-worker.ts', import.meta.url);

/**
 * The companies of a Basic Company Data product as product lines, a batch at a time (UTF-8, `\n`-separated: the
 * caller may hand the bytes on to another thread), downloaded, unzipped and parsed in a worker thread: at 5.5 million
 * rows the parse would otherwise hold the event loop that serves the API. Fills `stats` at the end; a failure in the
 * worker is thrown here, and the worker is stopped when the caller stops reading.
 */
export async function* productBatchesInWorker(sources: readonly string[], stats: BulkReadStats): AsyncGenerator<Uint8Array> {
  Object.assign(stats, yield* batchesFromWorker<BulkReadStats>(WORKER, { sources } satisfies WorkerInput, 'the bulk product'));
}
