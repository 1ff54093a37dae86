// GB name search, result for result: the index built straight from the generated CSV (as gb-recall.ts), each bench
// query's CPU time (the median of --reps runs) per kind, the slowest queries, and every query's top 10 (ids and
// scores) written to --out, so that a change meant to keep the ranking can be checked by a diff of two runs' files
// (run it from a copy of the tree before the change, `git archive <rev> | tar -x`, then from the change).
// --prof writes a CPU profile of the query phase alone.
//   node --max-old-space-size=8000 --import tsx bench/gb-search-diff.ts [--size 1000000] [--reps 3] [--out f]
import { createReadStream, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Session } from 'node:inspector/promises';
import { readBasicCompanyData } from '../src/registers/gb/search/bulk-csv.ts';
import { indexedEntityOf } from '../src/registers/gb/search/entity.ts';
import { searchResultsOf } from '../src/registers/gb/search/results.ts';
import { gbIndexRules } from '../src/registers/gb/search/rules.ts';
import { mergeAndRank } from '../src/search/rank.ts';
import { NameIndex } from '../src/shared/name-index/index.ts';
import { benchProduct } from './support/gb-companies.ts';
import { gbQueries, QUERY_KINDS } from './support/gb-queries.ts';
import { percentile } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    reps: { type: 'string', default: '3' },
    out: { type: 'string', default: join(tmpdir(), 'gb-search-diff.txt') },
    prof: { type: 'string' },
  },
});
const size = Number(values.size);
const { csv, sample, formerSample } = await benchProduct(size, 500, () => {});
const builder = NameIndex.builder(gbIndexRules(), size);
for await (const batch of readBasicCompanyData(createReadStream(csv, { highWaterMark: 1 << 20 }), { rows: 0, invalid: 0 }))
  for (const c of batch) builder.add(indexedEntityOf(c));
const index = new NameIndex(gbIndexRules(), builder.build());
const queries = gbQueries(sample, formerSample);
const search = (q: string) => mergeAndRank([searchResultsOf(index.search(q, 20))]).slice(0, 10);
for (const q of queries) search(q.query);
for (const q of queries) search(q.query);
let session: Session | undefined;
if (values.prof) {
  session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
const reps = Number(values.reps);
const lines: string[] = [];
const slow: [number, string, string][] = [];
for (const kind of QUERY_KINDS) {
  const qs = queries.filter((q) => q.kind === kind);
  const cpu: number[] = [];
  for (const q of qs) {
    const t: number[] = [];
    let res: ReturnType<typeof search> = [];
    for (let r = 0; r < reps; r++) {
      const c = process.cpuUsage();
      res = search(q.query);
      const u = process.cpuUsage(c);
      t.push((u.user + u.system) / 1000);
    }
    t.sort((a, b) => a - b);
    cpu.push(t[t.length >> 1]!);
    slow.push([t[t.length >> 1]!, kind, q.query]);
    lines.push(`${kind}\t${q.query}\t${res.map((r) => `${r.id}:${r.score}`).join(' ')}`);
  }
  cpu.sort((a, b) => a - b);
  const sum = cpu.reduce((s, x) => s + x, 0);
  console.log(
    `${kind.padEnd(8)} n ${String(qs.length).padStart(3)} | CPU p50 ${percentile(cpu, 0.5).toFixed(3)} p90 ${percentile(cpu, 0.9).toFixed(3)} p99 ${percentile(cpu, 0.99).toFixed(3)} mean ${(sum / qs.length).toFixed(3)} ms`,
  );
}
if (session) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.prof!, JSON.stringify(profile));
}
writeFileSync(values.out!, lines.join('\n') + '\n');
slow.sort((a, b) => b[0] - a[0]);
console.log('slowest:');
for (const s of slow.slice(0, 15)) console.log(`  ${s[0].toFixed(2)} ${s[1]} "${s[2]}"`);
