// Writes a synthetic US-NY open-data snapshot: the entity table and its name history, CSV or JSON, with the
// drift of the real files. Deterministic by seed.
//   npm run generate:us-ny -- --size 4300000 --out /tmp/us-ny [--seed registrum] [--generation 0]
//                             [--format csv|json] [--header api|display] [--duplicates 0.003]
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SNAPSHOT_COLUMNS, NAME_HISTORY_COLUMNS } from '../src/registers/us-ny/columns.ts';
import {
  DEFAULT_SEED,
  DISPLAY_HEADERS,
  driftedRows,
  generateEntities,
  nameRecords,
  writeCsv,
  writeJsonArray,
} from '../src/registers/us-ny/generator.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '3000' },
    seed: { type: 'string', default: DEFAULT_SEED },
    generation: { type: 'string', default: '0' },
    format: { type: 'string', default: 'csv' },
    header: { type: 'string', default: 'api' },
    duplicates: { type: 'string', default: '0.003' },
    out: { type: 'string', default: '.' },
  },
});
const size = Number(values.size);
const generation = Number(values.generation);
const format = values.format === 'json' ? 'json' : 'csv';
const header = values.header === 'display' ? 'display' : 'api';
if (!Number.isInteger(size) || size < 1) throw new Error('--size must be a positive integer');
await mkdir(values.out!, { recursive: true });

const opts = { size, seed: values.seed!, generation };
const base = `us-ny-${values.seed}-${size}-g${generation}`;
const started = performance.now();
const write = async (file: string, records: Iterable<Record<string, string>>, columns: readonly string[]) => {
  const out = createWriteStream(join(values.out!, file));
  const n = format === 'csv' ? await writeCsv(out, records, columns) : await writeJsonArray(out, records);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  return n;
};
const entityColumns = header === 'api' ? SNAPSHOT_COLUMNS : SNAPSHOT_COLUMNS.map((c) => DISPLAY_HEADERS[c]);
const rows = await write(
  `${base}.${format}`,
  driftedRows(generateEntities(opts), {
    seed: values.seed!,
    header,
    duplicateRate: Number(values.duplicates),
    keepEmpty: format === 'csv',
  }),
  entityColumns,
);
const nameColumns =
  header === 'api' ? NAME_HISTORY_COLUMNS : ['Corpid Num', 'Film Num', 'Date Filed', 'Name Type', 'Name Status', 'Corp Name'];
const names = await write(`${base}-names.${format}`, nameRecords(generateEntities(opts), { header }), nameColumns);
console.log(
  JSON.stringify({
    entities: join(values.out!, `${base}.${format}`),
    names: join(values.out!, `${base}-names.${format}`),
    rows,
    nameRecords: names,
    ms: Math.round(performance.now() - started),
  }),
);
