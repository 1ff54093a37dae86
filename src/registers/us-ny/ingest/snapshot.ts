import { SNAPSHOT_COLUMNS, type NameHistoryEntry, type SnapshotEntity, type SnapshotRow } from '../columns.ts';
import type { UsNyEntityWrite } from '../repositories/entities.ts';
import { SEP, filledColumns, packRow, unpackRow } from '../packed-row.ts';
import { encodeAltNames } from '../../../shared/name-index/index.ts';
import { altNamesOf } from '../search/summary.ts';
import { canonicaliseValues, canonicalNames, columnIndexes, normaliseNameRecord, valuesOfRecord, type RawRecord } from './normalize.ts';
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

/** Called with each valid row of a batch: its id, its packed row, how many columns it fills, its current name. */
export type PackedRowVisitor = (dosId: string, packed: string, filled: number, name: string) => void;

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

  /** A batch of the entity table, as read. */
  addBatch(batch: RecordBatch): void {
    this.eachPackedRow(batch, (id, packed, filled) => this.putPacked(Number(id), packed, filled));
  }

  /**
   * The valid rows of a batch in their stored form (see packRow), counted (rows read, rows rejected) but not kept:
   * the builder's own `addBatch`, and the streamed first load, which keeps no rows (see initial-load.ts). No object
   * per row: this is the hot path of 4.3 million rows.
   */
  eachPackedRow(batch: RecordBatch, visit: PackedRowVisitor): void {
    if (Array.isArray(batch)) {
      for (const raw of batch) this.visitValues(valuesOfRecord(raw), visit);
      return;
    }
    const columns = columnIndexes(batch.header);
    const width = SNAPSHOT_COLUMNS.length;
    // The API's CSV has the dataset's columns in the dataset's order: its rows are canonicalised where they are.
    const inOrder = columns.length === width && columns.every((c, i) => c === i);
    for (const fields of batch.rows) {
      if (inOrder && fields.length === width) {
        this.visitValues(fields, visit);
        continue;
      }
      const values: string[] = new Array(width).fill('');
      const n = Math.min(columns.length, fields.length);
      for (let i = 0; i < n; i++) if (columns[i]! >= 0) values[columns[i]!] = fields[i]!;
      this.visitValues(values, visit);
    }
  }

  private visitValues(values: string[], visit: PackedRowVisitor): void {
    this.stats.rowsRead++;
    const filled = canonicaliseValues(values);
    if (typeof filled === 'string') return this.reject(filled);
    visit(values[0]!, values.join(SEP), filled, values[1]!);
  }

  /** A row already in canonical form (the generator's, a sandbox record's). */
  put(row: SnapshotRow): void {
    const packed = packRow(row);
    this.putPacked(Number(row.dos_id), packed, filledColumns(packed));
  }

  private putPacked(key: number, packed: string, filled: number): void {
    const prev = this.rows.get(key);
    if (prev !== undefined) {
      this.stats.duplicateRows++;
      if (filledColumns(prev) > filled) return;
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
    return { row: unpackRow(packed), names: this.namesOf(key) };
  }

  /** An entity as the store writes it, from its packed row (not unpacked and packed again). */
  writeOf(dosId: string): UsNyEntityWrite | undefined {
    const key = Number(dosId);
    const packed = this.rows.get(key);
    if (packed === undefined) return undefined;
    return packedWrite(packed.slice(0, packed.indexOf(SEP)), packed, this.namesOf(key));
  }

  /** The content hash of an entity's stored form (what a diff compares), without the rest of its write. */
  hashOf(dosId: string): string | undefined {
    const key = Number(dosId);
    const packed = this.rows.get(key);
    return packed === undefined ? undefined : storedFormOf(packed, this.namesOf(key)).hash;
  }

  /** The canonical name history of an id (its number), empty when it has none. */
  namesOf(key: number): NameHistoryEntry[] {
    const list = this.names.get(key);
    return list ? canonicalNames(list.map(unpackName)) : [];
  }

  /** The entities, in no particular order. */
  *entities(): Generator<SnapshotEntity> {
    for (const id of this.ids()) yield this.get(id)!;
  }

  /** Counts the name records of ids the snapshot does not hold (by default, its rows'); call once, after reading. */
  countOrphans(holds: (key: number) => boolean = (key) => this.rows.has(key)): void {
    for (const [key, list] of this.names) if (!holds(key)) this.stats.orphanNameRecords += list.length;
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
export function contentHash(text: string, more?: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  // `contentHash(a, b)` is the hash of `${a}\n${b}`, without building that string.
  if (more !== undefined) {
    h1 = Math.imul(h1 ^ 10, 2654435761);
    h2 = Math.imul(h2 ^ 10, 1597334677);
    for (let i = 0; i < more.length; i++) {
      const ch = more.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** The stored form of an entity (migration 004): its packed row, the name history as JSON ('' when none), a hash. */
function storedFormOf(row: string, names: readonly NameHistoryEntry[]): { row: string; names: string; hash: string } {
  const json = names.length ? JSON.stringify(names) : '';
  return { row, names: json, hash: contentHash(row, json) };
}

/**
 * An entity as the store writes it, from its packed row (see SnapshotBuilder.eachPackedRow): its stored form and
 * the other names the search index reads; `name` is its current name.
 */
export function packedWrite(
  dosId: string,
  packed: string,
  names: readonly NameHistoryEntry[],
  name = packed.split(SEP, 2)[1]!,
): UsNyEntityWrite {
  const altNames = names.length ? encodeAltNames(altNamesOf(name, names)) : '';
  return { dosId, ...storedFormOf(packed, names), altNames };
}

/**
 * Reads a snapshot whole into a builder, from batches of records (see readRecordBatches). The name history is read
 * first, as the streamed first load needs it (initial-load.ts).
 */
export async function readSnapshotBatches(
  entities: AsyncIterable<RecordBatch>,
  names?: AsyncIterable<RecordBatch>,
  builder = new SnapshotBuilder(),
): Promise<SnapshotBuilder> {
  await readNames(names, builder);
  for await (const batch of entities) builder.addBatch(batch);
  builder.countOrphans();
  return builder;
}

/** Reads the name history's records into a builder. */
export async function readNames(names: AsyncIterable<RecordBatch> | undefined, builder: SnapshotBuilder): Promise<SnapshotBuilder> {
  if (names) for await (const batch of names) for (const raw of recordsOf(batch)) builder.addNameRecord(raw);
  return builder;
}
