// Ingestion of a generated US-NY snapshot in its real format (CSV with the portal export's drift and duplicate
// ids, plus the name history): read, deduplicate, diff and store; then the name index built from the store, and
// the next day's snapshot applied as a diff. Baselines in the same run: the goal (90 s for 4.3 M rows) and the
// same file read by the general-purpose csv-parse library instead of the ingestion's reader.
//   npm run bench:us-ny-ingest -- [--size 4300000] [--dir /tmp/us-ny-bench]
// Stores into PostgreSQL when DATABASE_URL is set (a schema of its own), else PGlite on disk in a temp directory.
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse as parseCsv } from 'csv-parse';
import { NAME_HISTORY_COLUMNS, SNAPSHOT_COLUMNS } from '../src/registers/us-ny/columns.ts';
import { driftedRows, generateEntities, nameRecords, writeCsv } from '../src/registers/us-ny/generator.ts';
import { ingestFiles } from '../src/registers/us-ny/ingest/ingest.ts';
import { NameIndex } from '../src/registers/us-ny/search/name-index.ts';
import { WorkerSegment } from '../src/shared/name-index/index.ts';
import { UsNyEntityRepository } from '../src/registers/us-ny/repositories/entities.ts';
import type { Db } from '../src/store/db.ts';
import { openStore } from '../src/store/open.ts';
import { MANIFESTS } from '../src/registers/index.ts';
import { migrationSetsOf } from '../src/registers/manifest.ts';
import { openPostgres } from '../src/store/postgres.ts';

const { values } = parseArgs({
  options: { size: { type: 'string', default: '4300000' }, dir: { type: 'string', default: join(tmpdir(), 'us-ny-bench') } },
});
const size = Number(values.size);
// The machine is shared: the load average says how much of its two cores the run had.
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const mb = (b: number) => Math.round(b / 1e6);
const now = () => new Date();
mkdirSync(values.dir!, { recursive: true });

async function ensureFiles(generation: number) {
  const base = join(values.dir!, `us-ny-bench-${size}-g${generation}`);
  const files = { entities: `${base}.csv`, names: `${base}-names.csv` };
  if (existsSync(files.entities) && existsSync(files.names)) return { ...files, generatedMs: 0 };
  log(`writing ${files.entities}…`);
  const t = performance.now();
  const write = async (file: string, records: Iterable<Record<string, string>>, columns: readonly string[]) => {
    const out = createWriteStream(`${file}.part`);
    await writeCsv(out, records, columns);
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    const { renameSync } = await import('node:fs');
    renameSync(`${file}.part`, file);
  };
  const opts = { size, seed: 'bench', generation };
  await write(files.entities, driftedRows(generateEntities(opts), { seed: 'bench', keepEmpty: true }), SNAPSHOT_COLUMNS);
  await write(files.names, nameRecords(generateEntities(opts)), NAME_HISTORY_COLUMNS);
  return { ...files, generatedMs: Math.round(performance.now() - t) };
}

const g0 = await ensureFiles(0);
const g1 = await ensureFiles(1);

// Baseline reader: the general-purpose CSV library, on the same file.
log('baseline: reading the file with csv-parse…');
let t = performance.now();
let baselineRows = 0;
for await (const _ of createReadStream(g0.entities).pipe(parseCsv({ columns: true, bom: true, relax_column_count: true }))) baselineRows++;
const csvParseMs = Math.round(performance.now() - t);

const schema = `bench_us_ny_${Date.now().toString(36)}`;
const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'us-ny-ingest-'));
let admin: Db | undefined;
if (process.env.DATABASE_URL) {
  admin = await openPostgres(process.env.DATABASE_URL, { max: 1 });
  await admin.exec(`create schema ${schema}`);
}
const migrations = migrationSetsOf(MANIFESTS);
const db = await openStore(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL, schema, migrations } : { dataDir: dir, migrations },
);
const rssBefore = process.memoryUsage().rss;
try {
  log('ingesting the first snapshot…');
  t = performance.now();
  const first = await ingestFiles(
    { db, now },
    { entities: { input: g0.entities, format: 'csv' }, names: { input: g0.names, format: 'csv' }, source: 'g0' },
  );
  const firstMs = Math.round(performance.now() - t);
  const peakRss = process.resourceUsage().maxRSS * 1024;

  log('building the name index from the store…');
  t = performance.now();
  const entities = new UsNyEntityRepository(db);
  // As the service builds it (index-manager.ts): in a worker thread, the store's pages handed over.
  const segment = WorkerSegment.start(new URL('../src/registers/us-ny/search/line-source.ts', import.meta.url), first.entities);
  for await (const page of entities.scanIndexText()) await segment.add(page);
  const index = new NameIndex((await segment.build()).segment);
  const indexMs = Math.round(performance.now() - t);

  log('ingesting the next day’s snapshot as a diff…');
  t = performance.now();
  const second = await ingestFiles(
    { db, now },
    { entities: { input: g1.entities, format: 'csv' }, names: { input: g1.names, format: 'csv' }, source: 'g1' },
  );
  const secondMs = Math.round(performance.now() - t);

  console.log(
    JSON.stringify(
      {
        benchmark: 'us-ny-ingest',
        machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg().map((x) => Math.round(x * 10) / 10) },
        size,
        store: db.backend,
        files: { generatedMs: g0.generatedMs + g1.generatedMs },
        firstSnapshot: {
          rowsRead: first.read.rowsRead,
          duplicateRows: first.read.duplicateRows,
          nameRecords: first.read.nameRecords,
          entities: first.entities,
          totalMs: firstMs,
          // Streamed: the entity table is written as it is read, after the name history.
          namesReadMs: first.timingsMs.read,
          loadMs: first.timingsMs.write,
          rowsPerSecond: Math.round(first.read.rowsRead / (firstMs / 1000)),
          goalMs: 90_000,
          peakRssMB: mb(peakRss),
          rssBeforeMB: mb(rssBefore),
        },
        indexFromStore: { ms: indexMs, entities: index.size, names: index.baseSegment.nameCount, indexMB: mb(index.baseSegment.bytes) },
        nextSnapshotDiff: {
          totalMs: secondMs,
          readMs: second.timingsMs.read,
          diffMs: second.timingsMs.diff,
          writeMs: second.timingsMs.write,
          added: second.added,
          changed: second.changed,
          removed: second.removed,
          unchanged: second.unchanged,
        },
        baselineReader: {
          library: 'csv-parse',
          rows: baselineRows,
          ms: csvParseMs,
          rowsPerSecond: Math.round(baselineRows / (csvParseMs / 1000)),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await db.close();
  if (admin) {
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}
