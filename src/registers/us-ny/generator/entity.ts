import { SNAPSHOT_COLUMNS, type NameHistoryEntry, type SnapshotEntity, type SnapshotRow } from '../columns.ts';
import { canonicalNames } from '../ingest/normalize.ts';
import type { NameClaim } from './names.ts';
import { rngOf, type Rng } from './random.ts';
import { companyName, coined, dateOfYear, nyAddress, outOfStateAddress, personName, pickCounty, type Addr } from './parts.ts';
import { entityTypeOptions, foreignJurisdictionOptions, words, type EntityTypeSpec } from './words.ts';

/** The generated register stands as of this date (generation 0); generation g is g days later. */
export const AS_OF = '2025-06-30';
const AS_OF_YEAR = 2025.5;
/** The fractional year of the day before AS_OF (30 June is day 180 of 365). */
const AS_OF_FILING_LIMIT = 2025 + 179 / 365;

/** Share of rows filed by period: the register grows faster every decade. */
const FILING_CURVE: readonly [number, number][] = [
  [0, 1800],
  [0.03, 1950],
  [0.1, 1980],
  [0.3, 2000],
  [0.5, 2010],
  [1, AS_OF_YEAR],
];

/** The fractional filing year of the `u`-th share of the register (0 oldest, 1 newest). */
function filingYear(u: number): number {
  for (let k = 1; k < FILING_CURVE.length; k++) {
    const [u1, y1] = FILING_CURVE[k]!;
    const [u0, y0] = FILING_CURVE[k - 1]!;
    if (u <= u1) return y0 + ((u - u0) / (u1 - u0)) * (y1 - y0);
  }
  return AS_OF_YEAR;
}

/** Ids grow with filing time, as the Department of State numbers them; 6 to 8 digits. */
export const dosIdOf = (index: number) => String(100_000 + Math.floor(index * 1.7));

const put = (row: Partial<SnapshotRow>, prefix: string, a: Addr) => {
  const r = row as Record<string, string>;
  r[`${prefix}_address_1`] = a.address_1;
  if (a.address_2) r[`${prefix}_address_2`] = a.address_2;
  r[`${prefix}_city`] = a.city;
  r[`${prefix}_state`] = a.state;
  r[`${prefix}_zip`] = a.zip;
};

const processNameOf = (type: EntityTypeSpec) =>
  /LIMITED LIABILITY COMPANY/.test(type.type) ? 'THE LLC' : /PARTNERSHIP/.test(type.type) ? 'THE PARTNERSHIP' : 'THE CORPORATION';

/** The entity type spec of a generated row. */
export function typeSpecOf(entityType: string): EntityTypeSpec | undefined {
  return words.entityTypes.find((t) => t.type === entityType);
}

/**
 * One entity as first filed: its row (canonical form, see ingest/normalize.ts) and name history. `claim` makes its
 * name one the register does not hold yet (generator/names.ts); without it, the name is the entity's own draw.
 */
export function newEntity(rng: Rng, dosId: string, filedYear: number, claim?: NameClaim): SnapshotEntity {
  const type = rng.weighted(entityTypeOptions);
  const county = pickCounty(rng);
  const drawn = companyName(rng, type);
  const name = claim ? claim(drawn, type) : drawn;
  const filed = dateOfYear(filedYear);
  const row: SnapshotRow = {
    dos_id: dosId,
    current_entity_name: name,
    initial_dos_filing_date: filed,
    county: county.county,
    jurisdiction: type.foreign ? rng.weighted(foreignJurisdictionOptions) : 'NEW YORK',
    entity_type: type.type,
  };
  const office = type.foreign && rng.chance(0.4) ? outOfStateAddress(rng) : nyAddress(rng, county);
  const agent = rng.chance(type.foreign ? 0.5 : 0.05) ? rng.pick(words.registeredAgents) : undefined;
  if (agent) {
    row.registered_agent_name = agent.name;
    put(row, 'registered_agent', {
      address_1: agent.address1,
      address_2: agent.address2,
      city: agent.city,
      state: agent.state,
      zip: agent.zip,
    });
  }
  // Process is mailed to the agent, to the entity itself, or to a person (often its lawyer).
  if (agent && rng.chance(0.7)) {
    row.dos_process_name = `C/O ${agent.name}`;
    put(row, 'dos_process', { address_1: agent.address1, address_2: agent.address2, city: agent.city, state: agent.state, zip: agent.zip });
  } else {
    const who = rng.next();
    row.dos_process_name =
      who < 0.45 ? processNameOf(type) : who < 0.7 ? name : who < 0.9 ? personName(rng) : `C/O ${personName(rng)}, ESQ.`;
    put(row, 'dos_process', rng.chance(0.8) ? office : nyAddress(rng, county));
  }
  if (type.ceo && rng.chance(type.ceo)) {
    row.chairman_name = personName(rng);
    put(row, 'chairman', rng.chance(0.6) ? office : nyAddress(rng, pickCounty(rng)));
  }
  if (rng.chance(0.3)) {
    row.location_name = name;
    put(row, 'location', office);
  }
  const names: NameHistoryEntry[] = [];
  let since = filedYear;
  if (rng.chance(0.08)) {
    for (let k = rng.int(1, 2); k > 0; k--) {
      since = since + rng.next() * Math.max(0.1, AS_OF_YEAR - since) * 0.6;
      names.push({ corp_name: companyName(rng, type), name_type: 'ENTITY', name_status: 'I', date_filed: dateOfYear(since) });
    }
    // The oldest former name was the name at filing.
    names[0]!.date_filed = filed;
  }
  if (rng.chance(0.05)) {
    for (let k = rng.int(1, 3); k > 0; k--) {
      const dba = rng.chance(0.5)
        ? `${rng.pick(words.businessWords)} ${rng.pick(words.industries)}`
        : `${coined(rng)} ${rng.pick(words.industries)}`;
      names.push({
        corp_name: dba,
        name_type: 'ASSUMED',
        name_status: rng.chance(0.8) ? 'A' : 'I',
        date_filed: dateOfYear(filedYear + rng.next() * (AS_OF_YEAR - filedYear)),
      });
    }
  }
  if (names.length)
    names.push({
      corp_name: name,
      name_type: 'ENTITY',
      name_status: 'A',
      date_filed: names.some((n) => n.name_type === 'ENTITY') ? dateOfYear(since) : filed,
    });
  return { row: orderRow(row), names: canonicalNames(names) };
}

/** Columns in the dataset's order (the canonical form). */
function orderRow(row: SnapshotRow): SnapshotRow {
  const r = row as Record<string, string | undefined>;
  const out: Record<string, string> = {};
  for (const c of SNAPSHOT_COLUMNS) {
    const v = r[c];
    if (v !== undefined) out[c] = v;
  }
  return out as SnapshotRow;
}

/** The entity at base index `i` of a snapshot of `size` rows, as first generated. */
export function baseEntity(seed: string, i: number, size: number, claim?: NameClaim): SnapshotEntity {
  const rng = rngOf(seed, i, 'base');
  const u = size <= 1 ? 1 : i / (size - 1);
  // Filed by the register's date at the latest (AS_OF_YEAR is a little past AS_OF in dateOfYear's days).
  const year = Math.min(AS_OF_FILING_LIMIT, filingYear(u) + (rng.next() - 0.5) * 0.01);
  return newEntity(rng, dosIdOf(i), Math.max(1800, year), claim);
}

/**
 * What generation `g` does to an existing entity: about 1 in 100 leaves the register (dissolved, merged, …; it
 * stays gone), 2 in 100 change: a move, a new name (the old one goes to the history), a new CEO or a new assumed
 * name. Returns undefined when the entity left. `claim` makes a new name one the register does not hold yet.
 */
export function evolve(seed: string, i: number, g: number, e: SnapshotEntity, claim?: NameClaim): SnapshotEntity | undefined {
  const rng = rngOf(seed, i, `gen:${g}`);
  const p = rng.next();
  if (p < 0.01) return undefined;
  if (p >= 0.03) return e;
  const row: SnapshotRow = { ...e.row };
  const names = e.names.map((n) => ({ ...n }));
  const date = dateOfYear(AS_OF_YEAR + g / 365);
  const type = typeSpecOf(row.entity_type ?? '') ?? words.entityTypes[0]!;
  const kind = rng.next();
  if (kind < 0.5) {
    delete row.dos_process_address_2;
    put(row, 'dos_process', nyAddress(rng, pickCounty(rng)));
  } else if (kind < 0.75) {
    if (!names.length)
      names.push({ corp_name: row.current_entity_name, name_type: 'ENTITY', name_status: 'A', date_filed: row.initial_dos_filing_date });
    for (const n of names) if (n.name_type === 'ENTITY' && n.name_status === 'A') n.name_status = 'I';
    const drawn = companyName(rng, type);
    row.current_entity_name = claim ? claim(drawn, type) : drawn;
    if (row.location_name) row.location_name = row.current_entity_name;
    names.push({ corp_name: row.current_entity_name, name_type: 'ENTITY', name_status: 'A', date_filed: date });
  } else if (kind < 0.9 && type.ceo) {
    row.chairman_name = personName(rng);
  } else {
    names.push({ corp_name: `${coined(rng)} ${rng.pick(words.industries)}`, name_type: 'ASSUMED', name_status: 'A', date_filed: date });
  }
  return { row: orderRow(row), names: canonicalNames(names) };
}
