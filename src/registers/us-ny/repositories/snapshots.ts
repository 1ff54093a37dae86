import type { Db, Queryable } from '../../../store/db.ts';

export interface UsNySnapshotCounts {
  rowsRead: number;
  invalidRows: number;
  duplicateRows: number;
  nameRecords: number;
  entities: number;
  added: number;
  changed: number;
  removed: number;
}

export interface UsNySnapshot extends UsNySnapshotCounts {
  seq: number;
  source: string;
  status: 'running' | 'done' | 'failed';
  initial: boolean;
  startedAt: Date;
  finishedAt: Date | null;
  error: string | null;
}

/** One field of a changed entity: a snapshot column or `names`. */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

export interface UsNySnapshotChange {
  seq: number;
  dosId: string;
  change: 'added' | 'changed' | 'removed';
  fields?: FieldChange[];
}

interface Row {
  seq: number;
  source: string;
  status: UsNySnapshot['status'];
  initial: boolean;
  started_at: Date;
  finished_at: Date | null;
  rows_read: number;
  invalid_rows: number;
  duplicate_rows: number;
  name_records: number;
  entities: number;
  added: number;
  changed: number;
  removed: number;
  error: string | null;
}

const toSnapshot = (r: Row): UsNySnapshot => ({
  seq: Number(r.seq),
  source: r.source,
  status: r.status,
  initial: r.initial,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  rowsRead: r.rows_read,
  invalidRows: r.invalid_rows,
  duplicateRows: r.duplicate_rows,
  nameRecords: r.name_records,
  entities: r.entities,
  added: r.added,
  changed: r.changed,
  removed: r.removed,
  error: r.error,
});

/** Thrown when another process is applying a snapshot. */
export class SnapshotBusyError extends Error {
  constructor() {
    super('another US-NY snapshot is being applied');
    this.name = 'SnapshotBusyError';
  }
}

/** The snapshots applied to the US-NY store and the per-entity changes each brought (for monitors). */
export class UsNySnapshotRepository {
  constructor(private readonly db: Db) {}

  /**
   * Registers a new snapshot as running. One runs at a time; a run left by a crashed process is given up after
   * `staleAfterMs`, so that ingestion resumes by itself.
   */
  async begin(source: string, now: Date, staleAfterMs = 6 * 3_600_000): Promise<number> {
    await this.db.query(
      `update us_ny_snapshots set status = 'failed', error = 'abandoned (the ingesting process stopped)', finished_at = $1
        where status = 'running' and started_at < $2`,
      [now, new Date(now.getTime() - staleAfterMs)],
    );
    try {
      const [row] = await this.db.query<{ seq: number }>(
        `insert into us_ny_snapshots (source, status, started_at) values ($1, 'running', $2) returning seq`,
        [source, now],
      );
      return Number(row!.seq);
    } catch (err) {
      if ((err as { code?: string }).code === '23505' || /duplicate key/.test((err as Error).message)) throw new SnapshotBusyError();
      throw err;
    }
  }

  async finish(q: Queryable, seq: number, counts: UsNySnapshotCounts, initial: boolean, now: Date): Promise<void> {
    await q.query(
      `update us_ny_snapshots set status = 'done', initial = $2, finished_at = $3, rows_read = $4, invalid_rows = $5,
              duplicate_rows = $6, name_records = $7, entities = $8, added = $9, changed = $10, removed = $11
        where seq = $1`,
      [
        seq,
        initial,
        now,
        counts.rowsRead,
        counts.invalidRows,
        counts.duplicateRows,
        counts.nameRecords,
        counts.entities,
        counts.added,
        counts.changed,
        counts.removed,
      ],
    );
  }

  async fail(seq: number, error: string, now: Date): Promise<void> {
    await this.db.query(`update us_ny_snapshots set status = 'failed', error = $2, finished_at = $3 where seq = $1`, [
      seq,
      error.slice(0, 2000),
      now,
    ]);
  }

  async get(seq: number): Promise<UsNySnapshot | undefined> {
    const [row] = await this.db.query<Row>('select * from us_ny_snapshots where seq = $1', [seq]);
    return row ? toSnapshot(row) : undefined;
  }

  /** The applied snapshots after `seq`, oldest first. */
  async doneAfter(seq: number): Promise<UsNySnapshot[]> {
    const rows = await this.db.query<Row>(`select * from us_ny_snapshots where status = 'done' and seq > $1 order by seq`, [seq]);
    return rows.map(toSnapshot);
  }

  async latestDone(): Promise<UsNySnapshot | undefined> {
    const [row] = await this.db.query<Row>(`select * from us_ny_snapshots where status = 'done' order by seq desc limit 1`);
    return row ? toSnapshot(row) : undefined;
  }

  async latestDoneBySource(source: string): Promise<UsNySnapshot | undefined> {
    const [row] = await this.db.query<Row>(
      `select * from us_ny_snapshots where status = 'done' and source = $1 order by seq desc limit 1`,
      [source],
    );
    return row ? toSnapshot(row) : undefined;
  }

  async addChanges(q: Queryable, changes: readonly UsNySnapshotChange[]): Promise<void> {
    if (changes.length === 0) return;
    await q.query(
      `insert into us_ny_snapshot_changes (seq, dos_id, change, fields)
       select s, d, c, f from unnest($1::int8[], $2::text[], $3::text[], $4::text[]) as u(s, d, c, f)`,
      [
        changes.map((c) => c.seq),
        changes.map((c) => c.dosId),
        changes.map((c) => c.change),
        changes.map((c) => (c.fields ? JSON.stringify(c.fields) : null)),
      ],
    );
  }

  /** The changes a snapshot brought, by dos_id, a page at a time (`after` is the last dos_id of the previous page). */
  async changes(seq: number, opts: { after?: string; first?: number } = {}): Promise<UsNySnapshotChange[]> {
    const rows = await this.db.query<{ seq: number; dos_id: string; change: UsNySnapshotChange['change']; fields: string | null }>(
      `select * from us_ny_snapshot_changes where seq = $1 and dos_id > $2 order by dos_id limit $3`,
      [seq, opts.after ?? '', opts.first ?? 1000],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      dosId: r.dos_id,
      change: r.change,
      ...(r.fields ? { fields: JSON.parse(r.fields) as FieldChange[] } : {}),
    }));
  }

  /** The changes of one entity across snapshots, oldest first. */
  async changesOf(dosId: string): Promise<UsNySnapshotChange[]> {
    const rows = await this.db.query<{ seq: number; dos_id: string; change: UsNySnapshotChange['change']; fields: string | null }>(
      `select * from us_ny_snapshot_changes where dos_id = $1 order by seq`,
      [dosId],
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      dosId: r.dos_id,
      change: r.change,
      ...(r.fields ? { fields: JSON.parse(r.fields) as FieldChange[] } : {}),
    }));
  }
}
