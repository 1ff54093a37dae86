// GB name index: ingest a synthetic Basic Company Data CSV of N companies into the store and time name searches.
// Usage: node --import tsx bench/gb-name-index.ts [companies=100000]  (embedded PGlite, or DATABASE_URL).
import { openTestDb } from '../test/support/db.ts';
import { BULK_HEADER } from '../src/registers/gb/emulator/bulk.ts';
import { ingestBasicCompanyData, searchNameIndex } from '../src/registers/gb/name-index.ts';

const N = Number(process.argv[2] ?? 100_000);
const WORDS = ['ALBION', 'KESTREL', 'HERON', 'MERIDIAN', 'THAMES', 'SEVERN', 'PENNINE', 'CROWN', 'ANCHOR', 'HARBOUR', 'OAK', 'BEACON'];
const TRADES = ['TRADING', 'CONSULTING', 'HOLDINGS', 'LOGISTICS', 'BAKERY', 'ENGINEERING', 'PROPERTIES', 'MEDIA', 'FOODS', 'SYSTEMS'];
let seed = 42;
const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const name = (i: number) => `${WORDS[rnd(WORDS.length)]} ${WORDS[rnd(WORDS.length)]} ${TRADES[rnd(TRADES.length)]} ${i} LIMITED`;
const rows = [BULK_HEADER.join(',')];
for (let i = 0; i < N; i++) {
  const cells = new Array(BULK_HEADER.length).fill('');
  cells[0] = name(i);
  cells[1] = String(10_000_000 + i);
  cells[4] = 'LONDON';
  cells[8] = 'Active';
  if (i % 10 === 0) cells[15] = name(i + N);
  rows.push(cells.join(','));
}
const { db, drop } = await openTestDb();
let t = performance.now();
const counts = await ingestBasicCompanyData(db, rows.join('\n'));
console.log(`ingest: ${counts.companies} companies, ${counts.names} names in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const times: number[] = [];
for (let i = 0; i < 100; i++) {
  t = performance.now();
  await searchNameIndex(db, `${WORDS[i % WORDS.length]} ${TRADES[i % TRADES.length]} ${i * 7}`);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`search: p50 ${times[50]!.toFixed(1)} ms, p99 ${times[98]!.toFixed(1)} ms (100 queries)`);
await drop();
