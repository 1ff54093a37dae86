import type { Db, Queryable } from '../../../store/db.ts';
import type { UsNyEntityRepository } from '../repositories/entities.ts';
import type { UsNySnapshotRepository } from '../repositories/snapshots.ts';
import type { RecordBatch } from './read.ts';
import type { ReadStats } from './snapshot.ts';

// What every ingestion shares, the streamed first load (initial-load.ts) and the diff (apply.ts): its dependencies,
// its report, and how a snapshot is recorded as applied.

export interface ApplyDeps {
  db: Db;
  entities: UsNyEntityRepository;
  snapshots: UsNySnapshotRepository;
  now: () => Date;
}

export interface IngestReport {
  seq: number;
  source: string;
  /** The first snapshot of the store: every entity is new and no per-entity changes are listed. */
  initial: boolean;
  read: ReadStats;
  entities: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  /**
   * Where the time went. `read`: the files (the first snapshot streams the entity table into the store as it is
   * read, so its `read` is the name history's and its `write` the rest); `diff`: comparing with the stored snapshot.
   */
  timingsMs: { read: number; diff: number; write: number };
}

/** A snapshot being read: the entity table and, optionally, the name history, in batches of records. */
export interface SnapshotSources {
  entities: AsyncIterable<RecordBatch>;
  names?: AsyncIterable<RecordBatch>;
}

/** Records the snapshot as applied, in its transaction: what reading found and what changed. */
export async function finishSnapshot(
  deps: ApplyDeps,
  tx: Queryable,
  seq: number,
  read: ReadStats,
  counts: { entities: number; added: number; changed: number; removed: number },
  initial: boolean,
): Promise<void> {
  const { rowsRead, invalidRows, duplicateRows, nameRecords } = read;
  await deps.snapshots.finish(tx, seq, { rowsRead, invalidRows, duplicateRows, nameRecords, ...counts }, initial, deps.now());
}

/** Fresh statistics after a load, or the planner takes the bulk-loaded table for a small one and sorts it whole to page it. */
export async function analyzeEntities(deps: ApplyDeps): Promise<void> {
  await deps.db.query('analyze us_ny_entities');
}
