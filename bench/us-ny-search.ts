// Search latency and recall@10 on a generated US-NY snapshot: the in-memory name index against PostgreSQL's
// trigram search (pg_trgm, GIN) over the same names, in the same run (issue 5; DESIGN.md "Scale").
//   npm run bench:us-ny-search -- [--size 4300000] [--queries 500] [--thresholds 0.3,0.5]
// The baseline runs on PostgreSQL when DATABASE_URL is set, else on PGlite (on disk under a temp directory).
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { SnapshotEntity } from '../src/registers/us-ny/columns.ts';
import { generateEntities } from '../src/registers/us-ny/generator.ts';
import { searchResults } from '../src/registers/us-ny/search-results.ts';
import { NameIndex } from '../src/registers/us-ny/search/name-index.ts';
import { altNamesOf, summaryOf } from '../src/registers/us-ny/search/summary.ts';
import { mergeAndRank } from '../src/search/rank.ts';
import { openPglite } from '../src/store/pglite.ts';
import { openPostgres } from '../src/store/postgres.ts';
import { labelledQueries, percentile, trigramNorm, type LabelledQuery, type QueryKind } from './support/us-ny-queries.ts';
import { TrigramBaseline } from './support/trigram.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '4300000' },
    queries: { type: 'string', default: '500' },
    thresholds: { type: 'string', default: '0.3,0.5' },
  },
});
const size = Number(values.size);
// The machine is shared: the load average says how much of its two cores the run had.
const loadAtStart = loadavg().map((x) => Math.round(x * 10) / 10);
const sampleEvery = Math.max(1, Math.floor(size / Number(values.queries)));
const thresholds = values.thresholds!.split(',').map(Number);
const mb = (b: number) => Math.round(b / 1e6);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

const dir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'us-ny-bench-'));
const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL, { max: 1 }) : await openPglite(dir);
const baseline = new TrigramBaseline(db);
await baseline.create();

// One pass over the generated snapshot feeds the index builder and the baseline's table.
log(`generating ${size} entities, building the index and loading the baseline table…`);
const t0 = performance.now();
const builder = NameIndex.builder(size);
const sample: SnapshotEntity[] = [];
const formerSample: SnapshotEntity[] = [];
let i = 0;
let indexMs = 0;
for (const e of generateEntities({ size, seed: 'bench' })) {
  const s = summaryOf(e.row, e.names);
  const ta = performance.now();
  builder.add(s);
  indexMs += performance.now() - ta;
  await baseline.add(e.row.dos_id, 'current', trigramNorm(e.row.current_entity_name));
  for (const alt of altNamesOf(e.row.current_entity_name, e.names)) await baseline.add(e.row.dos_id, alt.kind, trigramNorm(alt.name));
  if (i % sampleEvery === 0) sample.push(e);
  if (i % sampleEvery === 7 && e.names.some((n) => n.name_type === 'ENTITY' && n.name_status !== 'A')) formerSample.push(e);
  if (++i % 500_000 === 0) log(`  ${i} entities`);
}
const tb = performance.now();
const index = new NameIndex(builder.build());
indexMs += performance.now() - tb;
const rssAfterIndex = process.memoryUsage().rss;
log(`index built (${Math.round(indexMs)} ms of index work); building the trigram index over ${baseline.inserted} names…`);
const tg = performance.now();
await baseline.index();
const trigramIndexMs = performance.now() - tg;
log(`trigram index built in ${Math.round(trigramIndexMs)} ms`);

const queries = labelledQueries([...sample, ...formerSample]).filter(
  (q, k, all) => q.kind !== 'former' || all.findIndex((x) => x.kind === 'former' && x.target === q.target) === k,
);
const kinds: QueryKind[] = ['id', 'prefix', 'typo1', 'typo2', 'former'];

/** The index as the API answers: results in the public shape, ranked by match type then score (CONTRACT §3). */
const searchIndex = (q: LabelledQuery) => {
  if (q.kind === 'id') {
    const hit = index.byDosId(q.query);
    return hit ? [hit.dosId] : [];
  }
  return mergeAndRank([searchResults(index.search(q.query, 20))])
    .slice(0, 10)
    .map((r) => r.id);
};

// The generated register, like the real one, holds many companies of the same name ("SANTOS TAX INC", "SANTOS TAX
// LLC", …): a query cannot tell them apart, so which of them makes the top 10 is a tie-break. Besides recall@10 of
// the labelled company, nameRecallAt10 counts a query as answered when the top 10 holds a company bearing the
// target's name (its significant words; for a former-name query, that former name as any of its names).
const currentNameOf = new Map([...sample, ...formerSample].map((e) => [e.row.dos_id, e.row.current_entity_name]));
const nameOfTarget = (q: LabelledQuery) => trigramNorm(q.kind === 'former' ? q.query : (currentNameOf.get(q.target) ?? ''));

type Stats = Record<string, { n: number; p50: number; p95: number; p99: number; recallAt10: number; nameRecallAt10: number }>;
/** Each query once per round; `all` pools the kinds' timings (not run again). */
async function measure(run: (q: LabelledQuery) => Promise<string[]> | string[], rounds: number): Promise<Stats> {
  const out: Stats = {};
  const pooled: number[] = [];
  let pooledFound = 0;
  let pooledNamed = 0;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const stats = (times: number[], found: number, named: number, n: number) => {
    times.sort((a, b) => a - b);
    const p = (x: number) => round(percentile(times, x));
    return {
      n,
      p50: p(0.5),
      p95: p(0.95),
      p99: p(0.99),
      recallAt10: round(found / Math.max(1, n)),
      nameRecallAt10: round(named / Math.max(1, n)),
    };
  };
  for (const kind of kinds) {
    const qs = queries.filter((q) => q.kind === kind);
    const times: number[] = [];
    const answers: string[][] = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of qs) {
        const t = performance.now();
        const ids = await run(q);
        times.push(performance.now() - t);
        if (r === 0) answers.push(ids);
      }
    }
    let found = 0;
    let named = 0;
    for (const [k, q] of qs.entries()) {
      const ids = answers[k]!.slice(0, 10);
      if (ids.includes(q.target)) found++;
      if (ids.includes(q.target) || (q.kind !== 'id' && (await baseline.bearing(nameOfTarget(q), ids, q.kind === 'former')).size > 0))
        named++;
    }
    pooled.push(...times);
    pooledFound += found;
    pooledNamed += named;
    out[kind] = stats(times, found, named, qs.length);
  }
  out.all = stats(pooled, pooledFound, pooledNamed, queries.length);
  return out;
}

// Warm up both, then measure.
for (const q of queries.slice(0, 200)) searchIndex(q);
log(`${queries.length} labelled queries; measuring the index…`);
const memoryIndex = await measure(searchIndex, 3);
const baselines: Record<string, Stats> = {};
for (const t of thresholds) {
  await baseline.setThreshold(t);
  for (const q of queries.slice(0, 20)) await baseline.search(q.query, trigramNorm(q.query), q.kind === 'id');
  log(`measuring pg_trgm at similarity threshold ${t}…`);
  baselines[`pg_trgm@${t}`] = await measure((q) => baseline.search(q.query, trigramNorm(q.query), q.kind === 'id'), 1);
}
await db.close();
if (dir) rmSync(dir, { recursive: true, force: true });

const seg = index.baseSegment;
const result = {
  benchmark: 'us-ny-search',
  machine: { cpus: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg().map((x) => Math.round(x * 10) / 10) },
  size,
  names: seg.nameCount,
  vocabulary: seg.vocabularySize,
  baselineStore: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
  build: {
    indexMs: Math.round(indexMs),
    indexMB: mb(seg.bytes),
    rssMB: mb(rssAfterIndex),
    trigramIndexMs: Math.round(trigramIndexMs),
    totalMs: Math.round(performance.now() - t0),
  },
  memoryIndex,
  baselines,
  speedupP50: Object.fromEntries(Object.entries(baselines).map(([k, b]) => [k, Math.round((b.all!.p50 / memoryIndex.all!.p50) * 10) / 10])),
};
console.log(JSON.stringify(result, null, 2));
const recalls = (s: Stats[string]) => `${s.recallAt10.toFixed(3).padStart(9)} | ${s.nameRecallAt10.toFixed(3).padStart(6)} |`;
console.log(
  '\nkind     | index p50 / p99 ms | recall@10 | name@10 |' +
    thresholds.map((t) => ` pg_trgm@${t} p50 / p99 ms | recall@10 | name@10 |`).join(''),
);
for (const kind of [...kinds, 'all']) {
  const m = memoryIndex[kind]!;
  const cols = thresholds.map((t) => {
    const b = baselines[`pg_trgm@${t}`]![kind]!;
    return ` ${b.p50.toFixed(2).padStart(9)} / ${b.p99.toFixed(2).padStart(8)}      | ${recalls(b)}`;
  });
  console.log(`${kind.padEnd(8)} | ${m.p50.toFixed(3).padStart(7)} / ${m.p99.toFixed(3).padStart(8)} | ${recalls(m)}${cols.join('')}`);
}
