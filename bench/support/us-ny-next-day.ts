// The next day's US-NY snapshot for the monitor benchmark: the same entities with a chosen share changed in fields
// a monitor sees. The generator's own generations change 3 % a day (1 % removed, 2 % changed, some invisible to a
// monitor: a move of the process address of an entity listed at its location); this one changes exactly the share
// asked for, in four kinds, each visible in the monitored view (src/monitors/view.ts):
//   removed  the entity leaves the dataset (status: the monitor gets `disappeared` and is deactivated)
//   moved    the address the row stands at (legalAddress, category address)
//   renamed  a new legal name, the old one into the name history (category other)
//   officer  a new CEO for a corporation (legalRepresentatives), else a new agent for service of process (other)
import type { SnapshotEntity, SnapshotRow } from '../../src/registers/us-ny/columns.ts';
import { typeSpecOf } from '../../src/registers/us-ny/generator/entity.ts';
import { companyName, dateOfYear, nyAddress, personName, pickCounty } from '../../src/registers/us-ny/generator/parts.ts';
import { rngOf } from '../../src/registers/us-ny/generator/random.ts';
import { words } from '../../src/registers/us-ny/generator/words.ts';
import { canonicalNames } from '../../src/registers/us-ny/ingest/normalize.ts';
import { legalAddressPrefix } from '../../src/registers/us-ny/mapping/address.ts';
import { publishesOfficers } from '../../src/registers/us-ny/mapping/people.ts';

export type ChangeKind = 'removed' | 'moved' | 'renamed' | 'officer';

/** One changed entity: before, and after (undefined when removed). */
export interface EntityChange {
  dosId: string;
  kind: ChangeKind;
  before: SnapshotEntity;
  after?: SnapshotEntity;
}

const KINDS: readonly (readonly [ChangeKind, number])[] = [
  ['removed', 0.15],
  ['moved', 0.35],
  ['renamed', 0.25],
  ['officer', 0.25],
];

/** The day after generation 0 (a fractional year, like the generator's dates). */
const NEXT_DAY = 2025.5 + 1 / 365;

/** What one change does to an entity (a copy). */
function changed(e: SnapshotEntity, kind: Exclude<ChangeKind, 'removed'>, seed: string, i: number): SnapshotEntity {
  const rng = rngOf(seed, i, 'bench:next-day:what');
  const row: SnapshotRow = { ...e.row };
  const r = row as Record<string, string | undefined>;
  const names = e.names.map((n) => ({ ...n }));
  if (kind === 'moved') {
    const prefix = legalAddressPrefix(row);
    const a = nyAddress(rng, pickCounty(rng));
    r[`${prefix}_address_1`] = a.address_1;
    r[`${prefix}_address_2`] = a.address_2;
    r[`${prefix}_city`] = a.city;
    r[`${prefix}_state`] = a.state;
    r[`${prefix}_zip`] = a.zip;
    if (!a.address_2) delete r[`${prefix}_address_2`];
  } else if (kind === 'renamed') {
    const type = typeSpecOf(row.entity_type ?? '') ?? words.entityTypes[0]!;
    if (!names.some((n) => n.name_type === 'ENTITY')) {
      names.push({ corp_name: row.current_entity_name, name_type: 'ENTITY', name_status: 'A', date_filed: row.initial_dos_filing_date });
    }
    for (const n of names) if (n.name_type === 'ENTITY' && n.name_status === 'A') n.name_status = 'I';
    row.current_entity_name = companyName(rng, type);
    if (row.location_name) row.location_name = row.current_entity_name;
    names.push({ corp_name: row.current_entity_name, name_type: 'ENTITY', name_status: 'A', date_filed: dateOfYear(NEXT_DAY) });
  } else if (publishesOfficers(row.entity_type)) {
    row.chairman_name = personName(rng);
  } else {
    row.dos_process_name = personName(rng);
  }
  return { row, names: canonicalNames(names) };
}

/**
 * The next day's entities of a generation-0 snapshot, in the same order, with `share` of them changed
 * (deterministic by seed and position); every change is reported to `onChange` as it is made.
 */
export function* nextDayEntities(
  base: Iterable<SnapshotEntity>,
  opts: { seed: string; share: number; onChange: (c: EntityChange) => void },
): Generator<SnapshotEntity> {
  let i = 0;
  for (const e of base) {
    const rng = rngOf(opts.seed, i, 'bench:next-day');
    if (rng.next() >= opts.share) {
      i++;
      yield e;
      continue;
    }
    const kind = rng.weighted(KINDS);
    if (kind === 'removed') {
      opts.onChange({ dosId: e.row.dos_id, kind, before: e });
    } else {
      const after = changed(e, kind, opts.seed, i);
      opts.onChange({ dosId: e.row.dos_id, kind, before: e, after });
      yield after;
    }
    i++;
  }
}
