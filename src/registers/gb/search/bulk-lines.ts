import { startTsWorker } from '../../../shared/ts-worker.ts';
import type { BulkReadStats } from './bulk-csv.ts';

export interface WorkerInput {
  /** The product's parts, in order: URLs or local paths, each a zip or the CSV itself. */
  sources: readonly string[];
}
/** A batch of product lines (entity.ts) as UTF-8, `\n`-separated; the end with the reader's counts; or the failure. */
export type FromWorker =
  | { type: 'lines'; bytes: Uint8Array; count: number }
  | { type: 'end'; stats: BulkReadStats }
  | { type: 'error'; message: string };
/** The main thread has taken a batch (the worker may post another), or stops reading. */
export type ToWorker = 'taken' | 'stop';
/** How long a worker asked to stop may take to remove its temporary file before it is terminated. */
const STOP_GRACE_MS = 5000;

const WORKER = new URL('./bulk-worker.ts', import.meta.url);

/**
 * The companies of a Basic Company Data product as product lines, a batch at a time (UTF-8, `\n`-separated: the
 * caller may hand the bytes on to another thread), downloaded, unzipped and parsed in a worker thread: at 5.5 million
 * rows the parse would otherwise hold the event loop that serves the API. Fills `stats` at the end; a failure in the
 * worker is thrown here, and the worker is stopped when the caller stops reading.
 */
export async function* productBatchesInWorker(sources: readonly string[], stats: BulkReadStats): AsyncGenerator<Uint8Array> {
  const worker = startTsWorker(WORKER, { sources } satisfies WorkerInput);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const inbox: FromWorker[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  worker.on('message', (m: FromWorker) => {
    inbox.push(m);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new Error(`the bulk product's worker stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      while (!inbox.length && !failure) await new Promise<void>((resolve) => (wake = resolve));
      const m = inbox.shift();
      if (!m) throw failure;
      if (m.type === 'error') throw new Error(m.message);
      if (m.type === 'end') {
        finished = true;
        Object.assign(stats, m.stats);
        return;
      }
      yield m.bytes;
      worker.postMessage('taken' satisfies ToWorker);
    }
  } finally {
    if (!finished) {
      // Stopped early (the store failed, the caller gave up): let the worker end its download and remove its file.
      finished = true;
      worker.postMessage('stop' satisfies ToWorker);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
    }
    await worker.terminate();
  }
}
