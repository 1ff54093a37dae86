// Ingests a Basic Company Data product into the store: the GB name index every process builds from
// (registers/gb/search/). A file or a URL, zipped as the register publishes it or the CSV itself; several (the
// product's parts) separated by commas; or the register's page en_output.html (its newest product). Uses
// DATABASE_URL when set, else the embedded store under DATA_DIR.
//   npm run ingest:gb -- <BasicCompanyDataAsOneFile-2026-11-01.zip | https://…> [--taken-at 2026-11-01]
// --taken-at: the date the product describes (stream changes published before it are dropped); default now.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { sourcesOf } from '../src/registers/gb/bulk/product-files.ts';
import { GbIndexManager } from '../src/registers/gb/search/index-manager.ts';
import { Clock } from '../src/shared/clock.ts';
import { openServiceStore } from '../src/wiring/platform.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'taken-at': { type: 'string' } } });
const source = positionals[0];
if (!source) {
  console.error('usage: npm run ingest:gb -- <zip | CSV | URL[,URL…]> [--taken-at YYYY-MM-DD]');
  process.exit(2);
}
const config = loadConfig();
const db = await openServiceStore(config);
const clock = new Clock();
try {
  const takenAt = values['taken-at'] ? new Date(values['taken-at']) : clock.now();
  const started = performance.now();
  const counts = await new GbIndexManager({ db, now: () => clock.now() }).ingest(sourcesOf(source), takenAt);
  console.log(JSON.stringify({ ...counts, ms: Math.round(performance.now() - started) }, null, 2));
} finally {
  await db.close();
}
