import type { Address, Company } from '../../../contract/index.ts';
import type { SnapshotEntity } from '../columns.ts';
import { canonicalJurisdiction } from '../ingest/regions.ts';
import { parseSnapshotDate } from '../ingest/normalize.ts';
import type { EntityRecordResponse, NamedAddress as PortalNamedAddress } from '../portal/protocol.ts';
import { legalAddressOfRow, rowAddress, toAddress } from './address.ts';
import { mapLegalForm } from './legal-form.ts';
import type { Party } from './people.ts';
import { mapStatus } from './status.ts';

export const COUNTRY = 'US-NY';

const present = (s: string | null | undefined) => {
  const v = (s ?? '').replace(/\s+/g, ' ').trim();
  return v ? v : undefined;
};
const isForeign = (entityType: string | null | undefined) => /^\s*FOREIGN\b/i.test(entityType ?? '');

/** Former legal names, current assumed names (d/b/a) and former assumed names of a name history. */
export function namesOf(e: SnapshotEntity) {
  const current = e.row.current_entity_name.toUpperCase();
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    legacyLegalNames: uniq(
      e.names
        .filter((n) => n.name_type === 'ENTITY' && n.name_status !== 'A' && n.corp_name.toUpperCase() !== current)
        .map((n) => n.corp_name),
    ),
    commercialNames: uniq(e.names.filter((n) => n.name_type === 'ASSUMED' && n.name_status === 'A').map((n) => n.corp_name)),
    legacyCommercialNames: uniq(e.names.filter((n) => n.name_type === 'ASSUMED' && n.name_status !== 'A').map((n) => n.corp_name)),
  };
}

const nonEmpty = <K extends string>(key: K, list: string[]) => (list.length ? { [key]: list } : {}) as Partial<Record<K, string[]>>;

/**
 * The profile the open-data snapshot gives (onboarding mode). The dataset lists active corporations only, so an
 * entity in it is ACTIVE; its filing date is the registration date, and for a domestic entity the incorporation
 * date too. Verification-only details (stock, statement due date, the four addresses) are not in the snapshot.
 */
export function companyFromSnapshot(e: SnapshotEntity): Company {
  const row = e.row;
  const names = namesOf(e);
  const legalAddress = legalAddressOfRow(row);
  const legalForm = mapLegalForm(row.entity_type, row.jurisdiction);
  return {
    countryCode: COUNTRY,
    id: row.dos_id,
    identifiers: { dosId: row.dos_id },
    legalName: row.current_entity_name,
    ...nonEmpty('commercialNames', names.commercialNames),
    ...nonEmpty('legacyLegalNames', names.legacyLegalNames),
    ...nonEmpty('legacyCommercialNames', names.legacyCommercialNames),
    status: mapStatus('ACTIVE'),
    ...(row.initial_dos_filing_date ? { registrationDate: row.initial_dos_filing_date } : {}),
    ...(row.initial_dos_filing_date && !isForeign(row.entity_type) ? { incorporationDate: row.initial_dos_filing_date } : {}),
    ...(legalForm ? { legalForm } : {}),
    ...(legalAddress ? { legalAddress } : {}),
    usState: {
      ...(row.jurisdiction ? { jurisdictionOfFormation: row.jurisdiction } : {}),
      ...(row.county ? { county: row.county } : {}),
    },
  };
}

export function partiesFromSnapshot(e: SnapshotEntity): Party[] {
  const row = e.row;
  const parties: Party[] = [];
  const add = (party: Party['party'], name: string | undefined, address: Address | undefined) => {
    if (name) parties.push({ party, name, ...(address ? { address } : {}) });
  };
  add('ceo', row.chairman_name, rowAddress(row, 'chairman'));
  add('registeredAgent', row.registered_agent_name, rowAddress(row, 'registered_agent'));
  add('sopAgent', row.dos_process_name, rowAddress(row, 'dos_process'));
  return parties;
}

function portalAddress(a: PortalNamedAddress | null | undefined): Address | undefined {
  const x = a?.address;
  if (!x) return undefined;
  return toAddress({ street: x.streetAddress, line2: x.addressLine2, city: x.city, state: x.state, zip: x.zipCode, country: x.country });
}

function named(a: PortalNamedAddress | null | undefined) {
  const name = present(a?.name);
  const address = portalAddress(a);
  return name || address ? { ...(name ? { name } : {}), ...(address ? { address } : {}) } : undefined;
}

const num = (v: number | string | null | undefined) => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The profile the live portal gives (verification mode): status with its reason, dates, legal form, and the
 * details only the portal publishes: authorised stock, next biennial statement due date, the four addresses.
 */
export function companyFromLive(r: EntityRecordResponse): Company {
  const g = r.entityGeneralInfo!;
  const foreign = isForeign(g.entityType);
  const jurisdiction = present(g.jurisdiction);
  const legalForm = mapLegalForm(present(g.entityType), jurisdiction);
  const registrationDate = parseSnapshotDate(present(g.dateOfInitialDosFiling));
  const incorporationDate = foreign
    ? parseSnapshotDate(present(g.foreignFormationDate))
    : (parseSnapshotDate(present(g.effectiveDateInitialFiling)) ?? registrationDate);
  // The snapshot's rule (legalAddressPrefix): the entity's location, else where process is served. The snapshot has no
  // principal executive office, so preferring it here would give one company two legal addresses by mode; it stays
  // in usState.addresses with the other three.
  const legalAddress = portalAddress(r.locationAddress) ?? portalAddress(r.sopAddress);
  const stock = (r.stockShareInfoList ?? [])
    .map((s) => ({
      ...(present(s.stockTypeDescriptor) ? { stockType: present(s.stockTypeDescriptor)! } : {}),
      ...(num(s.stockValue) !== undefined ? { parValue: num(s.stockValue)! } : {}),
      ...(num(s.quantity) !== undefined ? { quantity: num(s.quantity)! } : {}),
    }))
    .filter((s) => Object.keys(s).length > 0);
  const addresses = {
    ...(named(r.sopAddress) ? { serviceOfProcess: named(r.sopAddress)! } : {}),
    ...(named(r.registeredAgent) ? { registeredAgent: named(r.registeredAgent)! } : {}),
    ...(named(r.poExecAddress) ? { principalExecutiveOffice: named(r.poExecAddress)! } : {}),
    ...(named(r.locationAddress) ? { entityLocation: named(r.locationAddress)! } : {}),
  };
  const opt = <K extends string, V>(key: K, v: V | undefined) => (v === undefined ? {} : ({ [key]: v } as Record<K, V>));
  return {
    countryCode: COUNTRY,
    id: g.dosID,
    identifiers: { dosId: g.dosID },
    legalName: g.entityName,
    status: mapStatus(g.entityStatus ?? '', g.reasonForStatus, g.inactiveDate),
    ...opt('registrationDate', registrationDate),
    ...opt('incorporationDate', incorporationDate),
    ...opt('legalForm', legalForm),
    ...opt('legalAddress', legalAddress),
    usState: {
      ...opt('jurisdictionOfFormation', jurisdiction ? canonicalJurisdiction(jurisdiction) : undefined),
      ...opt('county', present(g.county)?.toUpperCase()),
      ...opt('foreignLegalName', present(g.foreignLegalName)),
      ...opt('foreignFormationDate', foreign ? parseSnapshotDate(present(g.foreignFormationDate)) : undefined),
      ...opt('durationDate', present(g.durationDate) && (parseSnapshotDate(present(g.durationDate)) ?? present(g.durationDate))),
      ...opt('sectionOfLaw', present(g.sectionofLaw)),
      ...opt('statementStatus', present(g.statementStatus)),
      ...opt('nextBiennialStatementDueDate', parseSnapshotDate(present(g.nextStatementDueDate))),
      ...(stock.length ? { authorizedStock: stock } : {}),
      ...(Object.keys(addresses).length ? { addresses } : {}),
    },
  };
}

export function partiesFromLive(r: EntityRecordResponse): Party[] {
  const parties: Party[] = [];
  const add = (party: Party['party'], a: PortalNamedAddress | null | undefined) => {
    const name = present(a?.name);
    const address = portalAddress(a);
    if (name) parties.push({ party, name, ...(address ? { address } : {}) });
  };
  add('ceo', r.ceo);
  add('registeredAgent', r.registeredAgent);
  add('sopAgent', r.sopAddress);
  return parties;
}
