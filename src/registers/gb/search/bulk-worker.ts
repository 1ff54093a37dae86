// The worker thread of a Basic Company Data ingestion (bulk-lines.ts starts it): downloads, unzips and parses the
// product off the main thread, which keeps serving requests and builds the index from what this posts.
import { parentPort, workerData } from 'node:worker_threads';
import { productFiles } from '../bulk/product-files.ts';
import { type BulkReadStats, readBasicCompanyData } from './bulk-csv.ts';
import { productLineOf } from './entity.ts';
import type { FromWorker, ToWorker, WorkerInput } from './bulk-lines.ts';

/** Companies per message: one message of some 1.5 MB per 20 000 companies, not 5.5 million small ones. */
const BATCH = 20_000;
/** Messages posted and not yet taken by the main thread: parsing must not run ahead of the index without bound. */
const MAX_IN_FLIGHT = 3;

const port = parentPort!;
const { sources } = workerData as WorkerInput;
const encoder = new TextEncoder();
let inFlight = 0;
let wake: (() => void) | undefined;
/** Aborted when the main thread stops reading: the download stops and the spooled zip is removed before exiting. */
const stopping = new AbortController();
port.on('message', (m: ToWorker) => {
  if (m === 'taken') inFlight--;
  else stopping.abort(new Error('the ingestion stopped'));
  wake?.();
});

const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

/** Posts the product lines as one buffer (transferred, not copied), then waits while too many are in flight. */
async function send(lines: string[]): Promise<void> {
  if (!lines.length) return;
  const bytes = encoder.encode(lines.join('\n'));
  inFlight++;
  post({ type: 'lines', bytes, count: lines.length }, [bytes.buffer as ArrayBuffer]);
  while (inFlight >= MAX_IN_FLIGHT && !stopping.signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
  stopping.signal.throwIfAborted();
}

try {
  const stats: BulkReadStats = { rows: 0, invalid: 0 };
  let lines: string[] = [];
  // Each file of the product (a part, or a zip's entry) starts with the header row of its own.
  for await (const file of productFiles(sources, 'basicCompanyData', stopping.signal)) {
    for await (const batch of readBasicCompanyData(file.body, stats)) {
      for (const c of batch) lines.push(productLineOf(c));
      if (lines.length >= BATCH) {
        const full = lines;
        lines = [];
        await send(full);
      }
    }
  }
  await send(lines);
  post({ type: 'end', stats });
} catch (err) {
  if (!stopping.signal.aborted) post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
} finally {
  // Nothing more to wait for: the worker ends once what it posted is delivered.
  port.unref();
}
