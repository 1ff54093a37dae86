// The monitor benchmark's snapshot files, in the real CSV format (drift, duplicate rows, the name history table),
// generated once and kept: generation 0 of the US-NY generator, and the next day with a share of it changed
// (us-ny-next-day.ts), with the list of changes beside it.
import { createWriteStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NAME_HISTORY_COLUMNS, SNAPSHOT_COLUMNS } from '../../src/registers/us-ny/columns.ts';
import { driftedRows, generateEntities, nameRecords, writeCsv } from '../../src/registers/us-ny/generator.ts';
import { nextDayEntities, type EntityChange } from './us-ny-next-day.ts';

export interface SnapshotFilePair {
  entities: string;
  names: string;
}

async function writeFile(file: string, records: Iterable<Record<string, string>>, columns: readonly string[]) {
  const out = createWriteStream(`${file}.part`);
  await writeCsv(out, records, columns);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  renameSync(`${file}.part`, file);
}

/** Writes the files unless they exist; `log` hears what is written. */
export async function snapshotFiles(opts: { dir: string; size: number; share: number; seed: string; log: (msg: string) => void }) {
  const base = () => generateEntities({ size: opts.size, seed: opts.seed, generation: 0 });
  // The ingestion benchmark writes the same generation-0 files (seed 'bench'): use them when they are there.
  const shared = `/tmp/us-ny-bench/us-ny-bench-${opts.size}-g0`;
  const g0Base =
    opts.seed === 'bench' && existsSync(`${shared}.csv`) && existsSync(`${shared}-names.csv`)
      ? shared
      : join(opts.dir, `us-ny-${opts.size}-g0`);
  const g0: SnapshotFilePair = { entities: `${g0Base}.csv`, names: `${g0Base}-names.csv` };
  if (!existsSync(g0.entities) || !existsSync(g0.names)) {
    opts.log(`writing ${g0.entities}…`);
    await writeFile(g0.entities, driftedRows(base(), { seed: opts.seed, keepEmpty: true }), SNAPSHOT_COLUMNS);
    await writeFile(g0.names, nameRecords(base()), NAME_HISTORY_COLUMNS);
  }
  const nextBase = join(opts.dir, `us-ny-${opts.size}-next-${opts.share}`);
  const next: SnapshotFilePair = { entities: `${nextBase}.csv`, names: `${nextBase}-names.csv` };
  const changesFile = `${nextBase}-changes.json`;
  if (!existsSync(next.entities) || !existsSync(next.names) || !existsSync(changesFile)) {
    opts.log(`writing ${next.entities}…`);
    const changes: EntityChange[] = [];
    const nextDay = (onChange: (c: EntityChange) => void) => nextDayEntities(base(), { seed: opts.seed, share: opts.share, onChange });
    await writeFile(
      next.entities,
      driftedRows(
        nextDay((c) => changes.push(c)),
        { seed: opts.seed, keepEmpty: true },
      ),
      SNAPSHOT_COLUMNS,
    );
    await writeFile(next.names, nameRecords(nextDay(() => undefined)), NAME_HISTORY_COLUMNS);
    writeFileSync(changesFile, JSON.stringify(changes));
  }
  return { g0, next, changes: JSON.parse(readFileSync(changesFile, 'utf8')) as EntityChange[] };
}
