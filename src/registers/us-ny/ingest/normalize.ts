import { SNAPSHOT_COLUMNS, type NameHistoryEntry, type SnapshotColumn, type SnapshotRow } from '../columns.ts';
import { isIngestibleDosId } from '../ids.ts';
import { canonicalJurisdiction, canonicalState } from './regions.ts';

// Control characters go too: the store and the search index use them as separators. Most values are clean:
// test before replacing.
function isClean(s: string): boolean {
  const last = s.length - 1;
  for (let i = 0; i <= last; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c > 126) return false;
    if (c === 32 && (i === 0 || i === last || s.charCodeAt(i - 1) === 32)) return false;
  }
  return true;
}
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it squashes (into a space)
const squash = (s: string) => (isClean(s) ? s : s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim());

/** A pure function of few distinct inputs (states, jurisdictions), remembered. */
function memo(fn: (s: string) => string): (s: string) => string {
  const cache = new Map<string, string>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined) {
      v = fn(s);
      if (cache.size < 10_000) cache.set(s, v);
    }
    return v;
  };
}
const stateOf = memo(canonicalState);
const jurisdictionOf = memo(canonicalJurisdiction);
const upper = memo((s) => s.toUpperCase());
const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Header names as they occur: the API field names of the JSON and `/resource/…csv` forms (`dos_process_zip`) and
 * the display names of the portal's CSV export ("DOS Process Zip", "CEO Name"). Compared without case, spaces or
 * underscores; the export calls the chairman columns "CEO".
 */
const COLUMN_BY_HEADER = new Map<string, SnapshotColumn>();
for (const c of SNAPSHOT_COLUMNS) {
  COLUMN_BY_HEADER.set(compact(c), c);
  if (c.startsWith('chairman_')) COLUMN_BY_HEADER.set(compact(c.replace('chairman_', 'ceo_')), c);
}
COLUMN_BY_HEADER.set('initialdosfilingdatetime', 'initial_dos_filing_date');

const headerCache = new Map<string, SnapshotColumn | null>();

export function columnOfHeader(header: string): SnapshotColumn | undefined {
  let c = headerCache.get(header);
  if (c === undefined) {
    c = COLUMN_BY_HEADER.get(compact(header)) ?? null;
    if (headerCache.size < 1000) headerCache.set(header, c);
  }
  return c ?? undefined;
}

const HISTORY_HEADERS = new Map(
  ['corpid_num', 'film_num', 'date_filed', 'name_type', 'name_status', 'corp_name'].map((c) => [compact(c), c]),
);
HISTORY_HEADERS.set('dosid', 'corpid_num');
HISTORY_HEADERS.set('corpid', 'corpid_num');

/**
 * A date of the snapshot as `YYYY-MM-DD`: the JSON form writes `yyyy-MM-ddTHH:mm:ss[.SSS]`, the CSV export
 * `MM/DD/YYYY[ hh:mm:ss AM]`. Undefined for anything else (the column is then left out, not guessed).
 */
export function parseSnapshotDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  if (m) return validDate(m[1]!, m[2]!, m[3]!);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/.exec(v);
  if (m) return validDate(m[3]!, m[1]!.padStart(2, '0'), m[2]!.padStart(2, '0'));
  return undefined;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(y: string, mo: string, d: string): string | undefined {
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (day > MONTH_DAYS[month - 1]! + (month === 2 && leap ? 1 : 0)) return undefined;
  return `${y}-${mo}-${d}`;
}

export type RawRecord = Record<string, unknown>;

export type Normalised<T> = { ok: true; value: T } | { ok: false; reason: string };

/** How each column is canonicalised, by index in SNAPSHOT_COLUMNS. */
const Kind = { Text: 0, State: 1, Upper: 2, Jurisdiction: 3, Date: 4 } as const;
const KIND_OF: Partial<Record<SnapshotColumn, number>> = {
  dos_process_state: Kind.State,
  chairman_state: Kind.State,
  registered_agent_state: Kind.State,
  location_state: Kind.State,
  county: Kind.Upper,
  entity_type: Kind.Upper,
  jurisdiction: Kind.Jurisdiction,
  initial_dos_filing_date: Kind.Date,
};
const KINDS = SNAPSHOT_COLUMNS.map((c) => KIND_OF[c] ?? Kind.Text);

/**
 * One snapshot row in canonical form, whatever its drift: headers of either form, values trimmed and
 * single-spaced, empty columns left out (as the JSON form does), states as two-letter codes, jurisdictions as
 * upper-case state names, county and entity type upper-cased, the filing date as `YYYY-MM-DD`. Names and street
 * lines keep their spelling: they are the register's words.
 */
export function normaliseRow(raw: RawRecord): Normalised<SnapshotRow> {
  return normaliseValues(valuesOfRecord(raw));
}

/** A record's values in the dataset's column order ('' where it has none). */
export function valuesOfRecord(raw: RawRecord): string[] {
  const values: string[] = new Array(SNAPSHOT_COLUMNS.length).fill('');
  for (const header in raw) {
    const value = raw[header];
    if (value === null || value === undefined) continue;
    const column = columnOfHeader(header);
    if (column) values[COLUMN_INDEX.get(column)!] = typeof value === 'string' ? value : String(value);
  }
  return values;
}

/** The column index (in SNAPSHOT_COLUMNS) of each header of a CSV file, -1 for columns it does not know. */
export function columnIndexes(header: readonly string[]): number[] {
  return header.map((h) => {
    const c = columnOfHeader(h);
    return c ? COLUMN_INDEX.get(c)! : -1;
  });
}

/** normaliseRow for a row already laid out in the dataset's column order (CSV rows, through columnIndexes). */
export function normaliseValues(values: (string | undefined)[]): Normalised<SnapshotRow> {
  const canonical = values.map((v) => v ?? '');
  const filled = canonicaliseValues(canonical);
  if (typeof filled === 'string') return { ok: false, reason: filled };
  const row: Partial<Record<SnapshotColumn, string>> = {};
  for (let i = 0; i < SNAPSHOT_COLUMNS.length; i++) if (canonical[i] !== '') row[SNAPSHOT_COLUMNS[i]!] = canonical[i];
  return { ok: true, value: row as SnapshotRow };
}

/**
 * The same in place, on the 30 values of a row in the dataset's column order ('' for none): each becomes its
 * canonical form, '' when it has none. Answers the number of non-empty columns, or why the row cannot be ingested.
 * Ingestion's hot path: no object per row (the packed row is `values.join(SEP)`).
 */
export function canonicaliseValues(values: string[]): number | string {
  const id = compactId(values[0]!);
  if (!id || !isIngestibleDosId(id)) return `dos_id "${values[0]}" is not a number`;
  values[0] = id;
  const name = squash(values[1]!);
  if (!name) return `dos_id ${id} has no current_entity_name`;
  values[1] = name;
  let filled = 2;
  for (let i = 2; i < values.length; i++) {
    const raw = values[i]!;
    if (raw === '') continue;
    let v: string | undefined = squash(raw);
    if (v !== '') {
      switch (KINDS[i]) {
        case Kind.State:
          v = stateOf(v);
          break;
        case Kind.Upper:
          v = upper(v);
          break;
        case Kind.Jurisdiction:
          v = jurisdictionOf(v);
          break;
        case Kind.Date:
          v = parseSnapshotDate(v) ?? '';
          break;
      }
    }
    values[i] = v;
    if (v !== '') filled++;
  }
  return filled;
}

/** An id without spaces (most are clean: tested before replacing). */
function compactId(v: string): string {
  return isClean(v) && v.indexOf(' ') < 0 ? v : squash(v).replace(/\s+/g, '');
}

const COLUMN_INDEX = new Map<SnapshotColumn, number>(SNAPSHOT_COLUMNS.map((c, i) => [c, i]));

/** One record of the name history table, with the id it belongs to. */
export function normaliseNameRecord(raw: RawRecord): Normalised<{ dosId: string; entry: NameHistoryEntry }> {
  const f: Record<string, string> = {};
  for (const [header, value] of Object.entries(raw)) {
    const column = HISTORY_HEADERS.get(compact(header));
    if (column && value !== null && value !== undefined) f[column] = squash(String(value));
  }
  const dosId = f.corpid_num?.replace(/\s+/g, '');
  if (!dosId || !isIngestibleDosId(dosId)) return { ok: false, reason: `corpid_num "${f.corpid_num ?? ''}" is not a number` };
  if (!f.corp_name) return { ok: false, reason: `name history of ${dosId} has no corp_name` };
  return {
    ok: true,
    value: {
      dosId,
      entry: normaliseNameEntry({
        corp_name: f.corp_name,
        name_type: f.name_type ?? '',
        name_status: f.name_status ?? '',
        date_filed: f.date_filed,
      }),
    },
  };
}

export function normaliseNameEntry(e: {
  corp_name: string;
  name_type: string;
  name_status: string;
  date_filed?: string;
}): NameHistoryEntry {
  const date = parseSnapshotDate(e.date_filed);
  return {
    corp_name: squash(e.corp_name),
    name_type: /assum/i.test(e.name_type) ? 'ASSUMED' : 'ENTITY',
    name_status: squash(e.name_status).toUpperCase(),
    ...(date ? { date_filed: date } : {}),
  };
}

/** Names sorted (by date, then name) and without repeats, so that the same history always hashes the same. */
export function canonicalNames(names: NameHistoryEntry[]): NameHistoryEntry[] {
  const seen = new Set<string>();
  const out: NameHistoryEntry[] = [];
  for (const n of names) {
    const k = `${n.name_type}\u0000${n.name_status}\u0000${n.corp_name.toUpperCase()}\u0000${n.date_filed ?? ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(n);
  }
  return out.sort(
    (a, b) =>
      (a.date_filed ?? '').localeCompare(b.date_filed ?? '') ||
      a.corp_name.localeCompare(b.corp_name) ||
      a.name_type.localeCompare(b.name_type),
  );
}
