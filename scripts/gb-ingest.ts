// Ingests a Basic Company Data CSV (a file, or the URL of one) into the store: the GB name index every process
// builds from (registers/gb/search/). Uses DATABASE_URL when set, else the embedded store under DATA_DIR.
//   npm run ingest:gb -- <BasicCompanyData.csv | https://…> [--taken-at 2026-11-01]
// --taken-at: the date the product describes (stream changes published before it are dropped); default now.
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { MANIFESTS } from '../src/registers/index.ts';
import { migrationSetsOf } from '../src/registers/manifest.ts';
import { GbIndexManager } from '../src/registers/gb/search/index-manager.ts';
import { Clock } from '../src/shared/clock.ts';
import { openStore } from '../src/store/open.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'taken-at': { type: 'string' } } });
const source = positionals[0];
if (!source) {
  console.error('usage: npm run ingest:gb -- <BasicCompanyData.csv | URL> [--taken-at YYYY-MM-DD]');
  process.exit(2);
}
const config = loadConfig();
const db = await openStore({
  databaseUrl: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
  migrations: migrationSetsOf(MANIFESTS),
});
const clock = new Clock();
try {
  let body: AsyncIterable<Uint8Array>;
  if (/^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok || !res.body) throw new Error(`${source} answered ${res.status}`);
    body = res.body as unknown as AsyncIterable<Uint8Array>;
  } else body = createReadStream(source, { highWaterMark: 1 << 20 });
  const takenAt = values['taken-at'] ? new Date(values['taken-at']) : clock.now();
  const started = performance.now();
  const counts = await new GbIndexManager({ db, now: () => clock.now() }).ingest(body, source, takenAt);
  console.log(JSON.stringify({ ...counts, ms: Math.round(performance.now() - started) }, null, 2));
} finally {
  await db.close();
}
