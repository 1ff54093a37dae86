import { parentPort, workerData } from 'node:worker_threads';
import { startTsWorker } from './ts-worker.ts';

/**
 * Long work that produces data in batches (a bulk product read, parsed and checked line by line), run in a worker
 * thread so that the event loop serving the API is not held by it. The worker posts each batch as bytes (transferred,
 * not copied) and waits while `MAX_IN_FLIGHT` are not yet taken; the main thread reads them as an async generator,
 * then the worker's closing value. Stopping the generator early asks the worker to stop (its `signal` aborts).
 */

/** From the worker: a batch, the closing value, or the failure. */
type FromWorker<End> = { type: 'batch'; bytes: Uint8Array } | { type: 'end'; value: End } | { type: 'error'; message: string };
/** To the worker: a batch was taken, or stop. */
type ToWorker = 'taken' | 'stop';

/** Batches posted and not yet taken: the worker must not run ahead of the store without bound. */
const MAX_IN_FLIGHT = 3;
/** How long a worker asked to stop may take to clean up (a spooled download) before it is terminated. */
const STOP_GRACE_MS = 5000;

/**
 * The batches the worker at `entry` posts (UTF-8 bytes: the caller may decode them or hand them on to another thread);
 * returns the worker's closing value. A failure in the worker is thrown here, with `name` saying which work it was.
 */
export async function* batchesFromWorker<End>(entry: URL, input: unknown, name: string): AsyncGenerator<Uint8Array, End> {
  const worker = startTsWorker(entry, input);
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const inbox: FromWorker<End>[] = [];
  let failure: Error | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  worker.on('message', (m: FromWorker<End>) => {
    inbox.push(m);
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', (code) => {
    if (!finished) failure ??= new Error(`${name}'s worker stopped (exit code ${code})`);
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
        return m.value;
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

/** The worker's side: its input, a signal that aborts when the main thread stops reading, and how to post. */
export interface BatchWorker<Input, End> {
  input: Input;
  signal: AbortSignal;
  /** Posts a batch (as UTF-8); resolves when the worker may produce the next one. */
  send(text: string): Promise<void>;
  /** Runs the work: its value is posted as the end, its error as the failure. */
  run(work: () => Promise<End>): Promise<void>;
}

/** Call once at the top of a worker entry module. */
export function batchWorker<Input, End>(): BatchWorker<Input, End> {
  const port = parentPort!;
  const stopping = new AbortController();
  const encoder = new TextEncoder();
  let inFlight = 0;
  let wake: (() => void) | undefined;
  port.on('message', (m: ToWorker) => {
    if (m === 'taken') inFlight--;
    else stopping.abort(new Error('the reader stopped'));
    wake?.();
  });
  const post = (m: FromWorker<End>, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
  return {
    input: workerData as Input,
    signal: stopping.signal,
    async send(text) {
      const bytes = encoder.encode(text);
      inFlight++;
      post({ type: 'batch', bytes }, [bytes.buffer as ArrayBuffer]);
      while (inFlight >= MAX_IN_FLIGHT && !stopping.signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
      stopping.signal.throwIfAborted();
    },
    async run(work) {
      try {
        post({ type: 'end', value: await work() });
      } catch (err) {
        if (!stopping.signal.aborted) post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
      } finally {
        // Nothing more to wait for: the worker ends once what it posted is delivered.
        port.unref();
      }
    },
  };
}
