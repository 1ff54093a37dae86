// Ingests a US-NY open-data snapshot file (CSV or JSON, as published or as generated) into the store, as a diff
// against the snapshot stored before. Uses DATABASE_URL when set, else the embedded store under DATA_DIR.
//   npm run ingest:us-ny -- <entities.csv|json> [--names <names.csv|json>] [--format csv|json] [--progress]
// --progress: a JSON line {"progress": {"phase", "bytes", "total"}} on stderr twice a second (`registrum us-ny ingest`).
import { createReadStream, statSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { basename } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { ingestFiles } from '../src/registers/us-ny/ingest/ingest.ts';
import { formatOf } from '../src/registers/us-ny/ingest/read.ts';
import { Clock } from '../src/shared/clock.ts';
import { openServiceStore } from '../src/wiring/platform.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { names: { type: 'string' }, format: { type: 'string' }, progress: { type: 'boolean' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run ingest:us-ny -- <entities file> [--names <name history file>] [--format csv|json]');
  process.exit(2);
}
const config = loadConfig();
const db = await openServiceStore(config);
const clock = new Clock();
const format = (f: string) => (values.format === 'csv' || values.format === 'json' ? values.format : formatOf(f));
// With --progress the entities file is read through a byte counter: its share read is the ingestion's progress (the
// store's writes follow the reading batch by batch; the last phase applies the differences).
const total = statSync(file).size;
let bytes = 0;
const counted = new PassThrough({
  transform(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    done(null, chunk);
  },
});
const report = (phase: string) => process.stderr.write(`${JSON.stringify({ progress: { phase, bytes, total } })}\n`);
const ticker = values.progress ? setInterval(() => report(bytes < total ? 'reading' : 'applying'), 500) : undefined;
try {
  const result = await ingestFiles(
    { db, now: () => clock.now() },
    {
      entities: { input: values.progress ? createReadStream(file).pipe(counted) : file, format: format(file) },
      ...(values.names ? { names: { input: values.names, format: format(values.names) } } : {}),
      source: basename(file),
    },
  );
  if (values.progress) report('done');
  console.log(JSON.stringify(result, null, 2));
} finally {
  clearInterval(ticker);
  await db.close();
}
