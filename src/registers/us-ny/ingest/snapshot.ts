import { SNAPSHOT_COLUMNS, type NameHistoryEntry, type SnapshotEntity, type SnapshotRow } from '../columns.ts';
import { SEP, filledColumns, packRow, unpackRow } from '../packed-row.ts';
import { canonicalNames, columnIndexes, normaliseNameRecord, normaliseRow, normaliseValues, type Normalised, type RawRecord } from './normalize.ts';
import { recordsOf, type RecordBatch } from './read.ts';

/** What reading a snapshot found, beside its entities. */
export interface ReadStats {
  rowsRead: number;
  invalidRows: number;
  /** Rows whose dos_id had occurred before in the same snapshot. */
  duplicateRows: number;
  nameRecords: number;
  invalidNameRecords: number;
  /** Name history records of ids that are not in the snapshot (inactive entities): left out. */
  orphanNameRecords: number;
  /** A few reasons for rejected rows, for the operator. */
  samples: string[];
}

/** A name of the history, held as one flat string (see SnapshotBuilder). */
const packName = (n: NameHistoryEntry) => [n.corp_name, n.name_type, n.name_status, n.date_filed ?? ''].join('\u001f');
function unpackName(packed: string): NameHistoryEntry {
  const [corp_name = '', name_type, name_status = '', date_filed] = packed.split('\u001f');
  return { corp_name, name_type: name_type === 'ASSUMED' ? 'ASSUMED' : 'ENTITY', name_status, ...(date_filed ? { date_filed } : {}) };
}

/**
 * The deduplicated snapshot being read, held compactly: 4.3 million rows. Rows are packed (see packRow) into new
 * flat strings, names too, and keys are numbers: a value sliced out of a file chunk would keep the whole chunk alive,
 * and the file is a gigabyte.
 *
 * Duplicates: the dataset repeats some dos_ids. The row with more non-empty columns wins (a repeat is most often a
 * partial copy); on a tie the later row wins (the dataset appends newer filings).
 */
export class SnapshotBuilder {
  private readonly rows = new Map<number, string>();
  private readonly names = new Map<number, string[]>();
  readonly stats: ReadStats = {
    rowsRead: 0,
    invalidRows: 0,
    duplicateRows: 0,
    nameRecords: 0,
    invalidNameRecords: 0,
    orphanNameRecords: 0,
    samples: [],
  };

  addRow(raw: RawRecord): void {
    this.add(normaliseRow(raw));
  }

  /** A batch of the entity table, as read. */
  addBatch(batch: RecordBatch): void {
    if (Array.isArray(batch)) {
      for (const raw of batch) this.addRow(raw);
      return;
    }
    const columns = columnIndexes(batch.header);
    const values: (string | undefined)[] = new Array(SNAPSHOT_COLUMNS.length);
    for (const fields of batch.rows) {
      values.fill(undefined);
      const n = Math.min(columns.length, fields.length);
      for (let i = 0; i < n; i++) if (columns[i]! >= 0) values[columns[i]!] = fields[i];
      this.add(normaliseValues(values));
    }
  }

  private add(n: Normalised<SnapshotRow>): void {
    this.stats.rowsRead++;
    if (!n.ok) return this.reject(n.reason);
    this.put(n.value);
  }

  /** A row already in canonical form (the generator's, a sandbox record's). */
  put(row: SnapshotRow): void {
    const packed = packRow(row);
    const key = Number(row.dos_id);
    const prev = this.rows.get(key);
    if (prev !== undefined) {
      this.stats.duplicateRows++;
      if (filledColumns(prev) > filledColumns(packed)) return;
    }
    this.rows.set(key, packed);
  }

  addNameRecord(raw: RawRecord): void {
    this.stats.nameRecords++;
    const n = normaliseNameRecord(raw);
    if (!n.ok) {
      this.stats.invalidNameRecords++;
      return;
    }
    this.addName(n.value.dosId, n.value.entry);
  }

  addName(dosId: string, entry: NameHistoryEntry): void {
    const key = Number(dosId);
    const list = this.names.get(key);
    if (list) list.push(packName(entry));
    else this.names.set(key, [packName(entry)]);
  }

  get size(): number {
    return this.rows.size;
  }

  /** The entities' ids, in no particular order. */
  *ids(): Generator<string> {
    for (const packed of this.rows.values()) yield packed.slice(0, packed.indexOf(SEP));
  }

  has(dosId: string): boolean {
    return this.rows.has(Number(dosId));
  }

  /** An entity: its row (columns in the dataset's order) and canonical name history. */
  get(dosId: string): SnapshotEntity | undefined {
    const key = Number(dosId);
    const packed = this.rows.get(key);
    if (packed === undefined) return undefined;
    return { row: unpackRow(packed), names: canonicalNames((this.names.get(key) ?? []).map(unpackName)) };
  }

  /** The entities, in no particular order. */
  *entities(): Generator<SnapshotEntity> {
    for (const id of this.ids()) yield this.get(id)!;
  }

  /** Counts the name records of ids the snapshot does not hold; call once, after reading. */
  countOrphans(): void {
    for (const [key, list] of this.names) if (!this.rows.has(key)) this.stats.orphanNameRecords += list.length;
  }

  private reject(reason: string) {
    this.stats.invalidRows++;
    if (this.stats.samples.length < 10) this.stats.samples.push(reason);
  }
}

/**
 * A 53-bit content hash (cyrb53) as hex: equal rows and histories give equal hashes, so a new snapshot is compared
 * with the stored one without reading rows back. Not cryptographic; a collision would only hide one change.
 */
export function contentHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The stored form of an entity (migration 004): the packed row, the name history as JSON ('' when none), a hash. */
export function storedForm(e: SnapshotEntity): { row: string; names: string; hash: string } {
  const row = packRow(e.row);
  const names = e.names.length ? JSON.stringify(e.names) : '';
  return { row, names, hash: contentHash(`${row}\n${names}`) };
}

/** Reads every record of the sources into a builder. */
export async function readSnapshot(
  entities: AsyncIterable<RawRecord>,
  names?: AsyncIterable<RawRecord>,
  builder = new SnapshotBuilder(),
): Promise<SnapshotBuilder> {
  for await (const raw of entities) builder.addRow(raw);
  if (names) for await (const raw of names) builder.addNameRecord(raw);
  builder.countOrphans();
  return builder;
}

/** The same from batches of records (the fast path for files, see readRecordBatches). */
export async function readSnapshotBatches(
  entities: AsyncIterable<RecordBatch>,
  names?: AsyncIterable<RecordBatch>,
  builder = new SnapshotBuilder(),
): Promise<SnapshotBuilder> {
  for await (const batch of entities) builder.addBatch(batch);
  if (names) for await (const batch of names) for (const raw of recordsOf(batch)) builder.addNameRecord(raw);
  builder.countOrphans();
  return builder;
}
