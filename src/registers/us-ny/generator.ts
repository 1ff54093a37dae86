import type { SnapshotEntity } from './columns.ts';
import { baseEntity, dosIdOf, evolve, newEntity } from './generator/entity.ts';
import { RegisterNames } from './generator/names.ts';
import { rngOf } from './generator/random.ts';

export { AS_OF } from './generator/entity.ts';
export { DISPLAY_HEADERS, driftedRows, driftRow, nameRecords, type DriftOptions } from './generator/drift.ts';
export { csvText, writeCsv, writeJsonArray } from './generator/files.ts';

export interface GeneratorOptions {
  /** Rows of generation 0. */
  size: number;
  seed?: string;
  /**
   * Later snapshots of the same register: each generation removes about 1% of the entities, changes about 2%
   * (address, name with history, CEO, assumed name) and adds 1.5% new ones. Generation 0 is the first snapshot.
   */
  generation?: number;
}

export const DEFAULT_SEED = 'registrum';
const ADDED_PER_GENERATION = 0.015;

/**
 * A realistic synthetic US-NY snapshot, deterministic by seed: the same options give the same entities, in the same
 * order, on every machine. Rows are in canonical form (what ingestion makes of a drifted file); write them with
 * `driftedRows` to get the real files' drift. No two entities share a current name (generator/names.ts). Any size:
 * 4.3 million rows take about a minute and, beyond the caller's, the memory of the names' fingerprints (64 MB).
 *
 * @example
 * for (const e of generateEntities({ size: 3000, seed: 'demo' })) console.log(e.row.dos_id, e.row.current_entity_name);
 */
export function* generateEntities(opts: GeneratorOptions): Generator<SnapshotEntity> {
  const seed = opts.seed ?? DEFAULT_SEED;
  const generation = opts.generation ?? 0;
  const names = new RegisterNames(seed);
  // Every name of generation 0 first: the names later generations give yield to them (generator/names.ts).
  if (generation > 0) for (let i = 0; i < opts.size; i++) baseEntity(seed, i, opts.size, names.filedAt(i));
  for (let i = 0; i < opts.size; i++) {
    let e: SnapshotEntity | undefined = baseEntity(seed, i, opts.size, generation > 0 ? names.refiledAt(i) : names.filedAt(i));
    for (let g = 1; g <= generation && e; g++) e = evolve(seed, i, g, e, names.laterAt(i, `gen:${g}`));
    if (e) yield e;
  }
  const perGeneration = Math.max(1, Math.floor(opts.size * ADDED_PER_GENERATION));
  for (let g = 1; g <= generation; g++) {
    for (let k = 0; k < perGeneration; k++) {
      const index = opts.size + (g - 1) * perGeneration + k;
      let e: SnapshotEntity | undefined = newEntity(
        rngOf(seed, index, 'added'),
        dosIdOf(index),
        2025.5 + g / 365,
        names.laterAt(index, 'added'),
      );
      for (let later = g + 1; later <= generation && e; later++) e = evolve(seed, index, later, e, names.laterAt(index, `gen:${later}`));
      if (e) yield e;
    }
  }
}

/**
 * One entity of a generated snapshot by base index (tests pick entities without generating the rest). Its name is its
 * own draw: in the few cases where an earlier entity holds that name (about 2 in 100 of a large register, 1 in 1,000
 * of the sandbox's 3,000), `generateEntities` gives it another.
 */
export function generatedEntity(opts: GeneratorOptions & { index: number }): SnapshotEntity | undefined {
  const seed = opts.seed ?? DEFAULT_SEED;
  let e: SnapshotEntity | undefined = baseEntity(seed, opts.index, opts.size);
  for (let g = 1; g <= (opts.generation ?? 0) && e; g++) e = evolve(seed, opts.index, g, e);
  return e;
}
