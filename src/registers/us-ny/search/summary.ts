import { type AltName, encodeAltNames } from '../../../shared/name-index/index.ts';
import type { NameHistoryEntry, SnapshotRow } from '../columns.ts';
import { legalAddressPrefix } from '../mapping/address.ts';
import { COLUMN_INDEX, SEP } from '../packed-row.ts';

/** What the search index keeps of an entity (the store's summary columns, migration 004). */
export interface EntitySummary {
  dosId: string;
  name: string;
  city: string;
  state: string;
  zip: string;
  /** Former (`F`) and assumed (`A`) names, one per line, the kind letter first. */
  altNames: string;
}

/**
 * The names an entity is found by besides its current one: former legal names (name_status other than "A") and
 * assumed names, current or not, each once.
 */
export function altNamesOf(currentName: string, names: readonly NameHistoryEntry[]): AltName[] {
  const seen = new Set([currentName.toUpperCase()]);
  const out: AltName[] = [];
  for (const n of names) {
    const key = n.corp_name.toUpperCase();
    if (n.name_type === 'ENTITY' && n.name_status === 'A') continue;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: n.name_type === 'ASSUMED' ? 'assumed' : 'former', name: n.corp_name });
  }
  return out;
}

export function summaryOf(row: SnapshotRow, names: readonly NameHistoryEntry[]): EntitySummary {
  const p = legalAddressPrefix(row);
  return {
    dosId: row.dos_id,
    name: row.current_entity_name,
    city: row[`${p}_city`] ?? '',
    state: row[`${p}_state`] ?? '',
    zip: row[`${p}_zip`] ?? '',
    altNames: encodeAltNames(altNamesOf(row.current_entity_name, names)),
  };
}

const at = (c: Parameters<typeof COLUMN_INDEX.get>[0]) => COLUMN_INDEX.get(c)!;
const I = {
  name: at('current_entity_name'),
  locCity: at('location_city'),
  locStreet: at('location_address_1'),
  locState: at('location_state'),
  locZip: at('location_zip'),
  sopCity: at('dos_process_city'),
  sopState: at('dos_process_state'),
  sopZip: at('dos_process_zip'),
};

/** summaryOf for a stored (packed) row, without building the row object: the index reads millions. */
export function summaryOfPacked(dosId: string, packed: string, altNames: string): EntitySummary {
  const v = packed.split(SEP);
  const location = Boolean(v[I.locCity] || v[I.locStreet]);
  return {
    dosId,
    name: v[I.name] ?? '',
    city: (location ? v[I.locCity] : v[I.sopCity]) ?? '',
    state: (location ? v[I.locState] : v[I.sopState]) ?? '',
    zip: (location ? v[I.locZip] : v[I.sopZip]) ?? '',
    altNames,
  };
}
