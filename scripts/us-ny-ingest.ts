// Ingests a US-NY open-data snapshot file (CSV or JSON, as published or as generated) into the store, as a diff
// against the snapshot stored before. Uses DATABASE_URL when set, else the embedded store under DATA_DIR.
//   npm run ingest:us-ny -- <entities.csv|json> [--names <names.csv|json>] [--format csv|json]
import { parseArgs } from 'node:util';
import { basename } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { MANIFESTS } from '../src/registers/index.ts';
import { migrationSetsOf } from '../src/registers/manifest.ts';
import { ingestFiles } from '../src/registers/us-ny/ingest/ingest.ts';
import { formatOf } from '../src/registers/us-ny/ingest/read.ts';
import { Clock } from '../src/shared/clock.ts';
import { openStore } from '../src/store/open.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { names: { type: 'string' }, format: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run ingest:us-ny -- <entities file> [--names <name history file>] [--format csv|json]');
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
const format = (f: string) => (values.format === 'csv' || values.format === 'json' ? values.format : formatOf(f));
try {
  const report = await ingestFiles(
    { db, now: () => clock.now() },
    {
      entities: { input: file, format: format(file) },
      ...(values.names ? { names: { input: values.names, format: format(values.names) } } : {}),
      source: basename(file),
    },
  );
  console.log(JSON.stringify(report, null, 2));
} finally {
  await db.close();
}
