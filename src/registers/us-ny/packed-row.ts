import { SNAPSHOT_COLUMNS, type SnapshotColumn, type SnapshotRow } from './columns.ts';

/**
 * The stored form of a snapshot row: its 30 values in the dataset's column order, joined by U+001F (ingestion
 * strips control characters from values, so the separator never occurs in one). A third of the row's JSON: the
 * embedded store writes about 6 MB/s, and the full register is 4.3 million rows.
 */
export const SEP = '\u001f';

/**
 * `join` makes one flat string; concatenation would make a rope of 60 nodes per row, and a snapshot held that way
 * takes gigabytes.
 */
export function packRow(row: SnapshotRow): string {
  const values = new Array<string>(SNAPSHOT_COLUMNS.length);
  for (let i = 0; i < SNAPSHOT_COLUMNS.length; i++) values[i] = row[SNAPSHOT_COLUMNS[i]!] ?? '';
  return values.join(SEP);
}

export function unpackRow(packed: string): SnapshotRow {
  const values = packed.split(SEP);
  const row: Partial<Record<SnapshotColumn, string>> = {};
  for (let i = 0; i < SNAPSHOT_COLUMNS.length; i++) if (values[i]) row[SNAPSHOT_COLUMNS[i]!] = values[i];
  return row as SnapshotRow;
}

export const COLUMN_INDEX: ReadonlyMap<SnapshotColumn, number> = new Map(SNAPSHOT_COLUMNS.map((c, i) => [c, i]));

/** Non-empty values of a packed row (deduplication prefers fuller rows). */
export function filledColumns(packed: string): number {
  let n = 0;
  for (const v of packed.split(SEP)) if (v !== '') n++;
  return n;
}
