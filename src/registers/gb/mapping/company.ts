import type { Company } from '../../../contract/index.ts';
import { isicForNace, naceByCode } from '../../../enrichment/reference/activities.ts';
import { constant } from '../enumerations.ts';
import { NUMBER_KEY } from '../ids.ts';
import type { GbCharge, GbFiling, GbInsolvency, GbProfile } from '../record.ts';
import { openChargesNote } from './charges.ts';
import { addressOf } from './address.ts';
import { legalForms, statusTable } from './tables.ts';

/** What the company data point reads beside the profile: insolvency cases and the gazette filings of a closure. */
export interface ProfileExtras {
  insolvency?: GbInsolvency;
  /** The filing history (only read for a dissolved company: its gazette notice says how it closed). */
  filings?: GbFiling[];
  /** The register of charges (read when the profile says `has_charges`): open ones are counted in `additionalInfo`. */
  charges?: GbCharge[];
}

/** The dates of an insolvency case that start it, by case type. */
const CASE_STARTS = [
  'wound-up-on',
  'administration-started-on',
  'voluntary-arrangement-started-on',
  'instrumented-on',
  'petitioned-on',
  'ordered-to-wind-up-on',
  'moratorium-started-on',
];

/**
 * The status (spec §3.3): the register's word (`company_status` through constants.yml) in `localName`, refined by
 * `company_status_detail`, mapped by the table in statuses.json. A dissolved company's closure reason comes from how it
 * ended: a voluntary strike-off (gazette-dissolved-voluntary), a compulsory one (gazette-dissolved-compulsory), a
 * liquidation (the gazette notice after liquidation, or an insolvency history); otherwise none is claimed.
 */
export function statusOf(p: GbProfile, extras: ProfileExtras): NonNullable<Company['status']> {
  const word = constant('company_status', p.company_status) ?? p.company_status;
  const detail = constant('company_status_detail', p.company_status_detail);
  const localName = detail ? `${word} - ${detail}` : word;
  const row =
    (p.company_status_detail && statusTable().details.get(p.company_status_detail)) || statusTable().statuses.get(p.company_status);
  if (!row) return { localName };
  const closureReason = row.closureReason ?? (row.status === 'CLOSED' ? closureReasonOf(p, extras) : undefined);
  const insolvencyStartDate =
    row.status === 'UNDER_INSOLVENCY_PROCEEDING'
      ? extras.insolvency?.cases
          .flatMap((c) => c.dates)
          .filter((d) => CASE_STARTS.includes(d.type))
          .map((d) => d.date)
          .sort()
          .at(-1)
      : undefined;
  const cases = extras.insolvency?.cases.map((c) => constant('insolvency_case_type', c.type) ?? c.type);
  const additionalInfo = [
    detail,
    ...(row.status === 'UNDER_INSOLVENCY_PROCEEDING' ? (cases ?? []) : []),
    // Secured debt matters to whoever assesses the company; a closed company's charges secure nothing any more.
    row.status === 'CLOSED' ? undefined : openChargesNote(extras.charges ?? []),
  ]
    .filter(Boolean)
    .join('; ');
  return {
    localName,
    active: row.active,
    statusDetails: {
      status: row.status,
      ...(closureReason ? { closureReason } : {}),
      ...(row.status === 'CLOSED' && p.date_of_cessation ? { closureDate: p.date_of_cessation } : {}),
      ...(insolvencyStartDate ? { insolvencyStartDate } : {}),
      ...(additionalInfo ? { additionalInfo } : {}),
    },
  };
}

function closureReasonOf(p: GbProfile, extras: ProfileExtras) {
  const gazette = new Set((extras.filings ?? []).map((f) => f.description));
  if (gazette.has('gazette-dissolved-liquidation') || p.has_insolvency_history) return 'LIQUIDATION' as const;
  if (gazette.has('gazette-dissolved-voluntary')) return 'VOLUNTARY_DISSOLUTION' as const;
  if (gazette.has('gazette-dissolved-compulsory')) return 'ADMINISTRATIVE_DISSOLUTION' as const;
  return undefined;
}

/** The legal form (spec §3.4): the register's type word verbatim, the standardised form and its ISO 20275 code. */
export function legalFormOf(p: GbProfile): NonNullable<Company['legalForm']> {
  const typeWord = constant('company_type', p.type) ?? p.type;
  const subWord = constant('company_subtype', p.subtype);
  const row = (p.subtype && legalForms().subtypes.get(p.subtype)) || legalForms().types.get(p.type);
  return {
    localName: subWord ? `${typeWord} (${subWord})` : typeWord,
    englishTranslation: subWord ? `${typeWord} (${subWord})` : typeWord,
    ...(row ? { standardized: row.standardized } : {}),
    ...(row?.iso20275Code ? { iso20275Code: row.iso20275Code } : {}),
    // A lookup of the register's own code in a table, not an inference.
    isAIEnriched: false,
  };
}

/**
 * Activities from the register's SIC codes (UK SIC 2007, five digits): its first four digits are the NACE Rev. 2
 * class it refines, so NACE and ISIC are register data, not inferred. The register's own description of the code
 * (constants.yml) is kept for NACE; a code whose class is not in NACE (`99999` dormant, `74990` non-trading) is left out.
 */
export function activitiesOf(sic: readonly string[] | undefined): Company['activities'] | undefined {
  const nace: { code: string; description?: string }[] = [];
  const isic: { code: string; description?: string }[] = [];
  for (const code of sic ?? []) {
    const item = naceByCode(code.slice(0, 4));
    if (!item || item.level !== 4) continue;
    if (!nace.some((n) => n.code === item.code)) nace.push({ code: item.code, description: item.description });
    const i = isicForNace(item.code);
    if (i && !isic.some((x) => x.code === i.code)) isic.push({ code: i.code, description: i.description });
  }
  return nace.length ? { NACE: nace, ISIC: isic } : undefined;
}

/** The register's SIC descriptions, as the company's own activity description. */
const activityDescriptionOf = (sic: readonly string[] | undefined) =>
  (sic ?? [])
    .map((c) => constant('sic_descriptions', c))
    .filter(Boolean)
    .join('; ') || undefined;

export function companyOf(number: string, p: GbProfile, extras: ProfileExtras = {}): Company {
  const address = addressOf(p.registered_office_address);
  const activities = activitiesOf(p.sic_codes);
  const activityDescription = activityDescriptionOf(p.sic_codes);
  const previous = (p.previous_company_names ?? []).map((n) => n.name);
  return {
    countryCode: 'GB',
    id: number,
    identifiers: { [NUMBER_KEY]: number },
    legalName: p.company_name,
    ...(previous.length ? { legacyLegalNames: previous } : {}),
    status: statusOf(p, extras),
    ...(p.date_of_creation ? { registrationDate: p.date_of_creation, incorporationDate: p.date_of_creation } : {}),
    legalForm: legalFormOf(p),
    ...(activities ? { activities } : {}),
    ...(activityDescription ? { activityDescription } : {}),
    ...(address ? { legalAddress: address } : {}),
  };
}
