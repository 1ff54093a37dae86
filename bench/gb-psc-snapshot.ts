// GB's daily PSC snapshot (issue 21): the register's file is some 10 million JSON lines. This ingests a generated one
// as the service does (read as it downloads, staged in the store, checked against its totals line, then made the
// snapshot) and prints the time it takes, the CPU it costs, how long the main thread was held (what every other
// request waits behind), and a company's owners read from the snapshot afterwards.
//   npm run bench:gb-psc-snapshot -- [--lines 1000000] [--reads 2000]
// The store is PostgreSQL when DATABASE_URL is set, else PGlite in memory (keep --lines small there). The file is
// generated once per size under the temp directory (not timed), from the sandbox register's seeded PSCs (every kind:
// individuals, corporate entities, legal persons, statements), spread over consecutive company numbers.
import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { SNAPSHOT_TOTALS_KIND } from '../src/registers/gb/emulator/psc-snapshot.ts';
import { seededCompanies } from '../src/registers/gb/emulator/seed.ts';
import { ingestPscSnapshotFiles, snapshotPscs } from '../src/registers/gb/psc-snapshot/snapshot.ts';
import { openTestDb } from '../test/support/db.ts';
import { percentile } from './support/stats.ts';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '1000000' }, reads: { type: 'string', default: '2000' } } });
const size = Number(values.lines);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);

/** The company number of the i-th generated company. */
const numberOf = (i: number) => String(10_000_000 + i).padStart(8, '0');

/** Writes the snapshot file once per size: each company gets the PSCs of one seeded company, in turn. */
async function snapshotFile(lines: number): Promise<{ path: string; companies: number }> {
  const pscsOfSeed = [...seededCompanies().values()].map((r) => r.psc).filter((p) => p.length > 0);
  const path = join(tmpdir(), `gb-bench-psc-snapshot-${lines}.jsonl`);
  let companies = 0;
  let written = 0;
  const plan = () => {
    companies = 0;
    for (let n = 0; n < lines; companies++) n += pscsOfSeed[companies % pscsOfSeed.length]!.length;
  };
  plan();
  if (existsSync(path)) return { path, companies };
  log(`generating ${lines} lines…`);
  const out = createWriteStream(`${path}.part`);
  let pscs = 0;
  let statements = 0;
  for (let c = 0; written < lines; c++) {
    const chunk: string[] = [];
    for (const data of pscsOfSeed[c % pscsOfSeed.length]!) {
      if (data.kind === 'persons-with-significant-control-statement') statements++;
      else pscs++;
      chunk.push(JSON.stringify({ company_number: numberOf(c), data }));
      written++;
    }
    if (!out.write(`${chunk.join('\n')}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  const totals = {
    kind: SNAPSHOT_TOTALS_KIND,
    generated_at: new Date().toISOString(),
    persons_of_significant_control_count: pscs,
    statements_count: statements,
    exemptions_count: 0,
  };
  out.end(`${JSON.stringify({ data: totals })}\n`);
  await new Promise<void>((r) => out.once('finish', () => r()));
  renameSync(`${path}.part`, path);
  return { path, companies };
}

const { path, companies } = await snapshotFile(size);
const fileMB = Math.round(statSync(path).size / 1e6);
const { db, drop } = await openTestDb();
const store = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

// The main thread's stalls while the snapshot goes in: a request arriving then waits at least that long. The same
// measure over a few idle seconds first is the machine's own noise (other processes taking the cores).
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((r) => setTimeout(r, 3000));
idle.disable();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
log(`ingesting ${size} lines (${fileMB} MB) into ${store}…`);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const state = await ingestPscSnapshotFiles(db, [path], new Date());
const wallS = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
delay.disable();
log(`ingested: ${JSON.stringify(state)}`);

// A company's owners from the snapshot, as the ownership graph reads them.
const reads = Number(values.reads);
const times: number[] = [];
for (let i = 0; i < reads; i++) {
  const number = numberOf(Math.floor(Math.random() * companies));
  const t = performance.now();
  const found = await snapshotPscs(db, number, new Date());
  times.push(performance.now() - t);
  if (!found) throw new Error(`company ${number} is not in the snapshot`);
}
times.sort((a, b) => a - b);
let tableMB: number | undefined;
if (process.env.DATABASE_URL) {
  const [row] = await db.query<{ bytes: string }>(`select pg_total_relation_size('gb_psc_snapshot_lines')::text as bytes`);
  tableMB = Math.round(Number(row!.bytes) / 1e6);
}
await drop();

const ms = (ns: number) => Math.round(ns / 1e5) / 10;
console.log(
  [
    `GB PSC snapshot, ${size} lines (${fileMB} MB, ${companies} companies) into ${store}; ${cpus().length} cores, load ${loadAtStart.join(' ')} at start`,
    `ingest: ${wallS.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU of this process, ${Math.round(size / wallS)} lines/s`,
    `main thread held: max ${ms(delay.max)} ms, p99 ${ms(delay.percentile(99))} ms, mean ${ms(delay.mean)} ms (event-loop delay while ingesting; idle beforehand: max ${ms(idle.max)}, p99 ${ms(idle.percentile(99))}, mean ${ms(idle.mean)})`,
    `owners of a company read from the snapshot: p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms over ${reads} reads`,
    ...(tableMB === undefined ? [] : [`gb_psc_snapshot_lines: ${tableMB} MB with its index`]),
    `extrapolated to the register's 10 million lines: ${((wallS * 10_000_000) / size / 60).toFixed(1)} min`,
  ].join('\n'),
);
