// The worker thread of a PSC snapshot ingestion (snapshot.ts starts it): downloads, unzips, splits, parses and checks
// the register's ten million lines off the main thread, which only writes the batches this posts.
import { batchWorker } from '../../../shared/worker-batches.ts';
import { productFiles, productLines } from '../bulk/product-files.ts';
import { type SnapshotTally, snapshotRows } from './rows.ts';

const worker = batchWorker<{ sources: readonly string[] }, SnapshotTally>();

await worker.run(async () => {
  const tally: SnapshotTally = { pscs: 0, statements: 0, skipped: 0 };
  const lines = productLines(productFiles(worker.input.sources, 'pscSnapshot', worker.signal));
  for await (const batch of snapshotRows(lines, tally)) await worker.send(batch);
  return tally;
});
