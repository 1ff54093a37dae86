import { SNAPSHOT_COLUMNS, type SnapshotColumn, type SnapshotEntity } from '../columns.ts';
import { findRegion } from '../ingest/regions.ts';
import { rngOf, type Rng } from './random.ts';

export interface DriftOptions {
  seed: string;
  /** `api`: the JSON/`resource` field names and ISO dates; `display`: the portal export's headers and US dates. */
  header?: 'api' | 'display';
  /** Share of rows written twice (half of the repeats are partial copies). */
  duplicateRate?: number;
  /** Keep empty columns as empty strings (CSV) or leave them out (JSON). */
  keepEmpty?: boolean;
}

/** The portal export's column headers ("DOS Process Address 1", "CEO Name"). */
export const DISPLAY_HEADERS: Record<SnapshotColumn, string> = Object.fromEntries(
  SNAPSHOT_COLUMNS.map((c) => [
    c,
    c
      .replace(/^chairman_/, 'ceo_')
      .split('_')
      .map((w) => (w === 'dos' || w === 'ceo' || w === 'id' ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
      .join(' '),
  ]),
) as Record<SnapshotColumn, string>;

const titleCase = (s: string) => s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());

/** A state as older and newer rows write it: "NY", "NEW YORK", "New York", "ny". */
function driftState(rng: Rng, code: string): string {
  const region = findRegion(code);
  if (!region) return code;
  const r = rng.next();
  if (code === 'NY') return r < 0.5 ? 'NY' : r < 0.75 ? 'NEW YORK' : r < 0.95 ? 'New York' : 'ny';
  return r < 0.8 ? code : region.name.toUpperCase();
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * A row as a real file carries it, with the drift the ingestion must undo: state spellings and casing, casing of
 * jurisdictions, counties and entity types, stray spaces, the date format of the header style.
 */
export function driftRow(e: SnapshotEntity, opts: DriftOptions): Record<string, string> {
  const rng = rngOf(opts.seed, Number(e.row.dos_id), 'drift');
  const header = opts.header ?? 'api';
  const out: Record<string, string> = {};
  for (const c of SNAPSHOT_COLUMNS) {
    let v = e.row[c];
    if (v === undefined) {
      if (opts.keepEmpty) out[header === 'api' ? c : DISPLAY_HEADERS[c]] = '';
      continue;
    }
    if (c.endsWith('_state')) v = driftState(rng, v);
    else if (c === 'jurisdiction' || c === 'county' || c === 'entity_type') v = rng.chance(0.1) ? titleCase(v) : v;
    else if (c === 'initial_dos_filing_date') v = header === 'api' ? `${v}T00:00:00.000` : usDate(v);
    if (rng.chance(0.03)) v = `${v} `;
    out[header === 'api' ? c : DISPLAY_HEADERS[c]] = v;
  }
  return out;
}

/**
 * The rows of a file for the entities, drifted, with some written twice: an exact repeat, or a partial copy
 * (location and agent columns lost) that deduplication must not prefer.
 */
export function* driftedRows(entities: Iterable<SnapshotEntity>, opts: DriftOptions): Generator<Record<string, string>> {
  const rate = opts.duplicateRate ?? 0.003;
  for (const e of entities) {
    const row = driftRow(e, opts);
    yield row;
    const rng = rngOf(opts.seed, Number(e.row.dos_id), 'dup');
    if (!rng.chance(rate)) continue;
    if (rng.chance(0.5)) yield { ...row };
    else {
      const partial: Record<string, string> = {};
      for (const [k, v] of Object.entries(row)) if (!/location|registered|agent/i.test(k)) partial[k] = v;
      yield partial;
    }
  }
}

/** The name history table's records (`ekwr-p59j` columns) of the entities. */
export function* nameRecords(
  entities: Iterable<SnapshotEntity>,
  opts: { header?: 'api' | 'display' } = {},
): Generator<Record<string, string>> {
  let film = 100_000;
  for (const e of entities) {
    for (const n of e.names) {
      film += 7;
      const date = n.date_filed ?? '';
      yield opts.header === 'display'
        ? {
            'Corpid Num': e.row.dos_id,
            'Film Num': String(film),
            'Date Filed': date ? usDate(date) : '',
            'Name Type': n.name_type,
            'Name Status': n.name_status,
            'Corp Name': n.corp_name,
          }
        : {
            corpid_num: e.row.dos_id,
            film_num: String(film),
            date_filed: date ? `${date}T00:00:00.000` : '',
            name_type: n.name_type,
            name_status: n.name_status,
            corp_name: n.corp_name,
          };
    }
  }
}
