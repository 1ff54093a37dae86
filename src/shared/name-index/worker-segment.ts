import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../ts-worker.ts';
import type { SegmentWorkerInput, ToSegmentWorker } from './line-source.ts';
import { type PostedParts, receivedParts } from './posted-parts.ts';
import { Segment } from './segment.ts';

/** A batch of lines was added (another may be sent); the finished parts; or the failure. */
export type FromSegmentWorker = { type: 'taken' } | { type: 'parts'; parts: PostedParts } | { type: 'error'; message: string };

const WORKER = new URL('./segment-worker.ts', import.meta.url);
/** Batches sent and not yet added: the sender must not run ahead of the builder without bound. */
const MAX_IN_FLIGHT = 3;

/**
 * Builds a Segment in a worker thread: at millions of entities, adding them and freezing the segment hold a thread
 * for seconds, and the main thread serves the API. The caller sends the product's lines a batch at a time (`add`,
 * which waits while the worker is behind), then `build` resolves with the segment, its buffers transferred from the
 * worker. A failure in the worker rejects `add` or `build`; `close` stops the worker (call it in every case).
 *
 * @example
 * const worker = WorkerSegment.start(new URL('./line-source.ts', import.meta.url), expected);
 * try {
 *   for await (const bytes of chunks) await worker.add(bytes);
 *   return new NameIndex(rules, (await worker.build()).segment);
 * } finally {
 *   await worker.close();
 * }
 */
export class WorkerSegment {
  private inFlight = 0;
  private failure: Error | undefined;
  private parts: PostedParts | undefined;
  private wake: (() => void) | undefined;
  private closed = false;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: FromSegmentWorker) => {
      if (m.type === 'taken') this.inFlight--;
      else if (m.type === 'parts') this.parts = m.parts;
      else this.failure ??= new Error(m.message);
      this.notify();
    });
    worker.on('error', (err) => {
      this.failure ??= err;
      this.notify();
    });
    worker.on('exit', (code) => {
      if (!this.closed) this.failure ??= new Error(`the index worker stopped (exit code ${code})`);
      this.notify();
    });
  }

  /** `source`: the URL of a module exporting a LineSource as `lineSource`. */
  static start(source: URL, expected = 1024): WorkerSegment {
    return new WorkerSegment(startTsWorker(WORKER, { source: source.href, expected } satisfies SegmentWorkerInput));
  }

  private notify() {
    const w = this.wake;
    this.wake = undefined;
    w?.();
  }

  private async until(done: () => boolean): Promise<void> {
    while (!done() && !this.failure) await new Promise<void>((resolve) => (this.wake = resolve));
    if (this.failure) throw this.failure;
  }

  private send(m: ToSegmentWorker, transfer: ArrayBuffer[] = []) {
    if (this.failure) throw this.failure;
    this.worker.postMessage(m, transfer);
  }

  /** Sends lines (UTF-8, separated as the LineSource says; `bytes` moves to the worker, unusable here afterwards). */
  async add(bytes: Uint8Array): Promise<void> {
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    const sent = own ? bytes : bytes.slice();
    this.inFlight++;
    this.send({ type: 'lines', bytes: sent }, [sent.buffer as ArrayBuffer]);
    await this.until(() => this.inFlight < MAX_IN_FLIGHT);
  }

  /**
   * The segment of every line sent, and the stopwords of the rules it was built with: the receiving thread can give
   * its NameIndex the same rules without reading them itself (GB's are parsed from the ISO 20275 list: 100 ms).
   */
  async build(): Promise<{ segment: Segment; stopwords: ReadonlySet<string> }> {
    this.send({ type: 'build' });
    await this.until(() => this.parts !== undefined);
    const posted = this.parts!;
    this.parts = undefined;
    await this.close();
    const parts = await receivedParts(posted);
    return { segment: new Segment(parts), stopwords: parts.stopwords };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker.terminate();
  }
}
