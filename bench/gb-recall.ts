// GB name search recall, quickly: the index built straight from a generated Basic Company Data CSV (no store, no
// pg_trgm), the bench's labelled queries (support/gb-queries.ts), recall@10 and name@10 per kind, CPU time per
// query, and the misses: what was asked, what was ranked instead. For tuning the ranking; gb-search.ts is the
// bench of record (ingestion as the service runs it, pg_trgm in the same run).
//   npm run bench:gb-recall -- [--size 1000000] [--queries 500] [--misses 10] [--kinds prefix,typo1]
import { createReadStream } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { readBasicCompanyData } from '../src/registers/gb/search/bulk-csv.ts';
import { indexedEntityOf } from '../src/registers/gb/search/entity.ts';
import { searchResultsOf } from '../src/registers/gb/search/results.ts';
import { gbIndexRules } from '../src/registers/gb/search/rules.ts';
import { mergeAndRank } from '../src/search/rank.ts';
import { NameIndex } from '../src/shared/name-index/index.ts';
import { benchProduct } from './support/gb-companies.ts';
import { gbQueries, namesOf, QUERY_KINDS, trigramNorm } from './support/gb-queries.ts';
import { percentile } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '500' },
    misses: { type: 'string', default: '10' },
    kinds: { type: 'string', default: QUERY_KINDS.join(',') },
  },
});
const size = Number(values.size);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

const { csv, sample, formerSample } = await benchProduct(size, Number(values.queries), log);

log('building the index…');
const builder = NameIndex.builder(gbIndexRules(), size);
for await (const batch of readBasicCompanyData(createReadStream(csv, { highWaterMark: 1 << 20 }), { rows: 0, invalid: 0 }))
  for (const c of batch) builder.add(indexedEntityOf(c));
const index = new NameIndex(gbIndexRules(), builder.build());

const kinds = new Set(values.kinds!.split(','));
const queries = gbQueries(sample, formerSample).filter((q) => kinds.has(q.kind));
const search = (q: string) => mergeAndRank([searchResultsOf(index.search(q, 20))]).slice(0, 10);
for (const q of queries.slice(0, 200)) search(q.query);
log(
  `${queries.length} queries, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);

const maxMisses = Number(values.misses);
for (const kind of QUERY_KINDS.filter((k) => kinds.has(k))) {
  const qs = queries.filter((q) => q.kind === kind);
  const cpu: number[] = [];
  let found = 0;
  let named = 0;
  const misses: string[] = [];
  for (const q of qs) {
    const c = process.cpuUsage();
    const results = search(q.query);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    const hit = results.some((r) => r.id === q.target);
    const nameHit = hit || results.some((r) => namesOf(r).some((n) => trigramNorm(n) === trigramNorm(q.name)));
    if (hit) found++;
    if (nameHit) named++;
    else if (misses.length < maxMisses) {
      const top = results.slice(0, 4).map((r) => `${r.legalName} ${r.score}`);
      misses.push(`  "${q.query}" for ${q.name}: ${top.join(' | ')}`);
    }
  }
  cpu.sort((a, b) => a - b);
  const r3 = (x: number) => x.toFixed(3);
  console.log(
    `${kind.padEnd(8)} n ${String(qs.length).padStart(3)} | recall@10 ${r3(found / qs.length)} | name@10 ${r3(named / qs.length)} | CPU p50 ${r3(percentile(cpu, 0.5))} p99 ${r3(percentile(cpu, 0.99))} ms`,
  );
  if (misses.length) console.log(misses.join('\n'));
}
