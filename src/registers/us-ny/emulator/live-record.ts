import type { SnapshotEntity, SnapshotRow } from '../columns.ts';
import { typeSpecOf, AS_OF } from '../generator/entity.ts';
import { rngOf } from '../generator/random.ts';
import { stockTypeOptions, words } from '../generator/words.ts';
import { findRegion } from '../ingest/regions.ts';
import type { EntityRecordResponse, NamedAddress } from '../portal/protocol.ts';
import type { AddressPrefix } from '../mapping/address.ts';

const EMPTY: NamedAddress = { name: '', address: { streetAddress: '', city: '', state: '', zipCode: '', country: '' } };

function addressOf(row: SnapshotRow, prefix: AddressPrefix, name?: string): NamedAddress {
  const street = row[`${prefix}_address_1`];
  const city = row[`${prefix}_city`];
  if (!street && !city) return name ? { ...EMPTY, name } : EMPTY;
  const state = row[`${prefix}_state`] ?? '';
  const region = findRegion(state);
  return {
    name: name ?? '',
    address: {
      streetAddress: street ?? '',
      ...(row[`${prefix}_address_2`] ? { addressLine2: row[`${prefix}_address_2`] } : {}),
      city: city ?? '',
      state,
      zipCode: row[`${prefix}_zip`] ?? '',
      country: region?.country === 'CA' ? 'CANADA' : region ? 'UNITED STATES' : '',
    },
  };
}

/**
 * The biennial statement of an entity as the register stands (AS_OF): statements fall due every two years at the end
 * of the filing month. CURRENT: the next due date has not passed. PAST DUE (some entities): the last due date passed
 * without a statement, and that date is the one shown; an entity younger than two years cannot be past due.
 */
export function statementOf(row: SnapshotRow): { due: string; pastDue: boolean } {
  const filed = row.initial_dos_filing_date ?? '2000-01-01';
  const filedYear = Number(filed.slice(0, 4));
  const month = filed.slice(5, 7);
  const dueIn = (year: number) => `${year}-${month}-${String(new Date(Date.UTC(year, Number(month), 0)).getUTCDate()).padStart(2, '0')}`;
  let dueYear = filedYear + 2;
  while (dueIn(dueYear) < AS_OF) dueYear += 2;
  const pastDue = rngOf('live', Number(row.dos_id), 'record').chance(0.15) && dueYear - 2 >= filedYear + 2;
  return { due: dueIn(pastDue ? dueYear - 2 : dueYear), pastDue };
}

const portalDate = (iso: string | undefined) => (iso ? `${iso}T00:00:00` : '');

/**
 * The portal's record of an entity of the sandbox snapshot, for companies whose operator gave no `live` record: what
 * the live portal would show of an active entity with this row. Details the snapshot lacks (stock, statement due
 * date, section of law) are drawn deterministically from the id.
 */
export function liveRecordOf(e: SnapshotEntity): EntityRecordResponse {
  const row = e.row;
  const rng = rngOf('live', Number(row.dos_id), 'record');
  const type = typeSpecOf(row.entity_type ?? '');
  const foreign = /^FOREIGN\b/.test(row.entity_type ?? '');
  const filed = row.initial_dos_filing_date ?? '2000-01-01';
  const filedYear = Number(filed.slice(0, 4));
  // The first draw of this stream decided the statement status (statementOf); keep the stream as it was.
  rng.chance(0.15);
  const statement = statementOf(row);
  const stock =
    type?.stock && rng.chance(0.9)
      ? [
          {
            stockTypeDescriptor: rng.weighted(stockTypeOptions),
            quantity: rng.pick(words.stockQuantities),
            stockValue: rng.pick(words.parValues),
          },
        ]
      : [];
  const ceo = row.chairman_name ? addressOf(row, 'chairman', row.chairman_name) : EMPTY;
  return {
    requestStatus: 'Success',
    resultIndicator: 'Success',
    entityGeneralInfo: {
      dosID: row.dos_id,
      entityName: row.current_entity_name,
      entityType: row.entity_type ?? '',
      entityStatus: 'Active',
      reasonForStatus: '',
      inactiveDate: '',
      dateOfInitialDosFiling: portalDate(filed),
      effectiveDateInitialFiling: portalDate(filed),
      foreignFormationDate: foreign ? portalDate(`${Math.max(1800, filedYear - rng.int(0, 5))}${filed.slice(4)}`) : '',
      foreignLegalName: '',
      durationDate: 'PERPETUAL',
      sectionofLaw: type?.sectionOfLaw ?? '',
      statementStatus: statement.pastDue ? 'PAST DUE' : 'CURRENT',
      nextStatementDueDate: portalDate(statement.due),
      county: row.county ?? '',
      jurisdiction: row.jurisdiction ?? '',
    },
    sopAddress: addressOf(row, 'dos_process', row.dos_process_name ?? ''),
    ceo,
    registeredAgent: row.registered_agent_name ? addressOf(row, 'registered_agent', row.registered_agent_name) : EMPTY,
    poExecAddress: type?.stock ? (row.chairman_address_1 ? addressOf(row, 'chairman') : addressOf(row, 'location')) : EMPTY,
    locationAddress: row.location_address_1 || row.location_city ? addressOf(row, 'location', row.location_name ?? '') : EMPTY,
    stockShareInfoList: stock,
  };
}

/** The record the portal answers for an unknown id. */
export const INVALID_ID: EntityRecordResponse = {
  requestStatus: 'Success',
  resultIndicator: 'InvalidID',
  entityGeneralInfo: null,
  sopAddress: null,
  ceo: null,
  registeredAgent: null,
  poExecAddress: null,
  locationAddress: null,
  stockShareInfoList: [],
};
