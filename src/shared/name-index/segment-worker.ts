// The worker thread of a segment built off the main thread (worker-segment.ts starts it): turns product lines into
// entities with the register's module, runs the SegmentBuilder, and transfers the finished parts back.
import { parentPort, workerData } from 'node:worker_threads';
import type { LineSource, SegmentWorkerInput, ToSegmentWorker } from './line-source.ts';
import { postedParts } from './posted-parts.ts';
import { SegmentBuilder } from './segment-builder.ts';
import type { FromSegmentWorker } from './worker-segment.ts';

const port = parentPort!;
const { source, expected } = workerData as SegmentWorkerInput;
const decoder = new TextDecoder();

const post = (m: FromSegmentWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

const ready = import(source).then((m: { lineSource?: LineSource }) => {
  const lines = m.lineSource;
  if (!lines) throw new Error(`${source} exports no lineSource`);
  return { lines, builder: new SegmentBuilder(lines.indexRules(), expected) };
});

function handle({ lines, builder }: Awaited<typeof ready>, m: ToSegmentWorker): void {
  if (m.type === 'lines') {
    for (const line of decoder.decode(m.bytes).split(lines.separator ?? '\n')) if (line) builder.add(lines.indexedEntityOfLine(line));
    post({ type: 'taken' });
    return;
  }
  const { message, transfer } = postedParts(builder.buildParts());
  post({ type: 'parts', parts: message }, transfer);
}

// Messages are handled one after the other, in the order sent; the first failure is reported and ends the work.
let queue: Promise<void> = ready.then(() => undefined);
let failed = false;
port.on('message', (m: ToSegmentWorker) => {
  queue = queue
    .then(async () => {
      if (!failed) handle(await ready, m);
    })
    .catch((err: unknown) => {
      if (failed) return;
      failed = true;
      post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    });
});
