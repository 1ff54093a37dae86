import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Individual, LegalRepresentative, OtherKeyPerson, Shareholder } from '../../../contract/index.ts';

type CompanyReference = NonNullable<Shareholder['company']>;
import { lazy } from '../../../enrichment/reference/files.ts';
import { constant } from '../enumerations.ts';
import { normaliseNumber, NUMBER_KEY, NUMBER_PATTERN } from '../ids.ts';
import type { GbOfficer } from '../record.ts';
import { addressOf } from './address.ts';
import { countryOf } from './tables.ts';

const Roles = z.object({
  roles: z.record(z.string(), z.object({ list: z.enum(['legalRepresentatives', 'otherKeyPersons']), standardized: z.string() })),
});
const roles = lazy(() => Roles.parse(JSON.parse(readFileSync(new URL('./roles.json', import.meta.url), 'utf8'))).roles);

/** "HOLLOWAY, Margaret Ellen" → first and last names as the register orders them. */
export function personName(name: string): NonNullable<Individual['name']> {
  const [last, first] = name.split(',').map((s) => s.trim());
  if (!first) return { fullName: name.trim() };
  return { fullName: `${first} ${last}`, firstName: first, lastName: last! };
}

/** The register's id of an officer (its appointments link), the same in every company they serve. */
const officerIdOf = (o: GbOfficer) => /\/officers\/([^/]+)\/appointments/.exec(o.links?.officer?.appointments ?? '')?.[1];

const UK_REGISTRIES = /companies house|england|wales|scotland|northern ireland|united kingdom|^uk$|great britain/i;

/**
 * The company a corporate officer or PSC names: a UK-registered one by its company number (normalised, so that the
 * graph continues into it); a foreign one by its country and its own number. Without a known country the number is
 * kept as an identifier only, never used as a GB company id.
 */
export function companyReferenceOf(
  name: string | undefined,
  id: { registration_number?: string; place_registered?: string; country_registered?: string; legal_form?: string } | undefined,
): CompanyReference {
  // The country of registration decides; the place (a registry's name) only when no country is given.
  const where = id?.country_registered ?? id?.place_registered ?? '';
  const raw = id?.registration_number?.trim();
  const uk = UK_REGISTRIES.test(where) || (!where && raw !== undefined && NUMBER_PATTERN.test(normaliseNumber(raw)));
  const ref: CompanyReference = { ...(name ? { legalName: name } : {}) };
  if (uk) {
    const number = raw ? normaliseNumber(raw) : undefined;
    return {
      ...ref,
      countryCode: 'GB',
      ...(number && NUMBER_PATTERN.test(number) ? { id: number, identifiers: { [NUMBER_KEY]: number } } : {}),
    };
  }
  const country = countryOf(id?.country_registered) ?? countryOf(id?.place_registered);
  return {
    ...ref,
    ...(country ? { countryCode: country } : {}),
    ...(raw && country ? { id: raw } : {}),
    ...(raw ? { identifiers: { [NUMBER_KEY]: raw } } : {}),
    ...(id?.legal_form ? { legalForm: { localName: id.legal_form } } : {}),
  };
}

function individualOf(o: GbOfficer): Individual {
  const nationality = countryOf(o.nationality?.split(',')[0]);
  const residence = countryOf(o.country_of_residence);
  const serviceAddress = addressOf(o.address);
  return {
    name: personName(o.name),
    // The register publishes month and year of birth only.
    ...(o.date_of_birth ? { birthDate: { month: o.date_of_birth.month, year: o.date_of_birth.year } } : {}),
    ...(nationality ? { nationality } : {}),
    ...(residence ? { residenceAddress: { countryCode: residence } } : {}),
    ...(serviceAddress ? { serviceAddress } : {}),
  };
}

function personOf(o: GbOfficer, standardized: string) {
  const entityId = officerIdOf(o);
  const corporate = o.officer_role.startsWith('corporate-');
  return {
    type: corporate ? ('company' as const) : ('individual' as const),
    ...(entityId ? { entityId } : {}),
    role: { standardized, localName: constant('officer_role', o.officer_role) ?? o.officer_role, vendorStandard: o.officer_role },
    ...(o.appointed_on ? { startDate: o.appointed_on } : {}),
    ...(o.resigned_on ? { endDate: o.resigned_on } : {}),
    ...(corporate ? { company: companyReferenceOf(o.name, o.identification) } : { individual: individualOf(o) }),
  };
}

/** Which officers a list holds: current ones only (the default), or former ones too (`includeFormerOfficers`). */
export interface OfficerSelection {
  includeFormer?: boolean;
}

/**
 * Rule for resigned officers: the register keeps them in the list with `resigned_on`. By default these data points
 * describe who represents the company now, so resigned officers are left out (their history is in the filing history:
 * termination filings, `availableDocuments`). A request with `includeFormerOfficers` keeps them, with `endDate`.
 */
const selected = (officers: readonly GbOfficer[], s: OfficerSelection) =>
  s.includeFormer ? officers : officers.filter((o) => !o.resigned_on);

export function legalRepresentativesOf(officers: readonly GbOfficer[], s: OfficerSelection = {}): LegalRepresentative[] {
  return selected(officers, s).flatMap((o) => {
    const r = roles()[o.officer_role];
    if (r?.list !== 'legalRepresentatives') return [];
    const representedBy = representedByOf(o);
    return [{ ...personOf(o, r.standardized), ...(representedBy ? { representedBy } : {}) }];
  });
}

/**
 * The natural person acting for a corporate officer, where the register names one: the contact name of a corporate
 * managing officer (`contact_details.contact_name`, a name as written, not split). UK corporate directors and LLP
 * members have none in the register (their own officers are in their own company's list).
 */
function representedByOf(o: GbOfficer): Individual | undefined {
  const name = o.contact_details?.contact_name?.trim();
  return o.officer_role.startsWith('corporate-') && name ? { name: { fullName: name } } : undefined;
}

/** Other key persons: the roles the table files there, and any role it does not know (never dropped). */
export function otherKeyPersonsOf(officers: readonly GbOfficer[], s: OfficerSelection = {}): OtherKeyPerson[] {
  return selected(officers, s).flatMap((o) => {
    const r = roles()[o.officer_role];
    if (r?.list === 'legalRepresentatives') return [];
    return [personOf(o, r?.standardized ?? 'Other')];
  });
}
