// The worker thread of a Basic Company Data ingestion (bulk-lines.ts starts it): downloads, unzips and parses the
// product off the main thread, which keeps serving requests and hands what this posts to the index's own worker.
import { batchWorker } from '../../../shared/worker-batches.ts';
import { productFiles } from '../bulk/product-files.ts';
import { type BulkReadStats, readBasicCompanyData } from './bulk-csv.ts';
import { productLineOf } from './entity.ts';
import type { WorkerInput } from './bulk-lines.ts';

/** Companies per message: one message of some 1.5 MB per 20 000 companies, not 5.5 million small ones. */
const BATCH = 20_000;

const worker = batchWorker<WorkerInput, BulkReadStats>();

await worker.run(async () => {
  const stats: BulkReadStats = { rows: 0, invalid: 0 };
  let lines: string[] = [];
  // Each file of the product (a part, or a zip's entry) starts with the header row of its own.
  for await (const file of productFiles(worker.input.sources, 'basicCompanyData', worker.signal)) {
    for await (const batch of readBasicCompanyData(file.body, stats)) {
      for (const c of batch) lines.push(productLineOf(c));
      if (lines.length >= BATCH) {
        const full = lines;
        lines = [];
        await worker.send(full.join('\n'));
      }
    }
  }
  if (lines.length) await worker.send(lines.join('\n'));
  return stats;
});
