import type { Address, Company, Money } from '../../contract/index.ts';
import { isicForNace, naceClasses } from '../../enrichment/reference/activities.ts';
import { announceTaxId } from '../../tax-verification/issued.ts';
import { gbCheckDigits, luCheckDigits } from '../../tax-verification/vat-numbers.ts';
import { groupMemberOf } from './groups.ts';
import { withinLife } from './lifetime.ts';
import { address, dateIn, identityOf, type Identity, vocabulary } from './names.ts';
import { rngFor } from './random.ts';
import { type Closure, type Insolvency, statusFactsOf, statusOf } from './status.ts';

/**
 * Generated companies describe the register as it stood in this year, not as of the clock: a company must not
 * change when the service clock moves (monitors would report changes that never happened).
 */
export const AS_OF_YEAR = 2025;

/** The few facts every part of a generated company builds on (people, ownership, documents). */
export interface Facts {
  id: string;
  identity: Identity;
  incorporationDate: string;
  incorporationYear: number;
  /** Set for the closed companies (about one in eight, and the MERGED and BANKRUPT showcase ids). */
  closure: Closure | undefined;
  /** Set for the open companies in administration (about one in twenty, and the INSOLVENT showcase id). */
  insolvency: Insolvency | undefined;
  capital: Money;
  legalAddress: Address;
  /** Last year the company filed anything: the closure year or the year before AS_OF_YEAR. */
  lastActiveYear: number;
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
export const money = (amount: number, currency = 'GBP'): Money => ({
  amount,
  currency,
  formatted: currency === 'GBP' ? gbp.format(amount) : `${amount.toFixed(2)} ${currency}`,
});

// A public limited company needs at least GBP 50,000 of share capital.
const CAPITAL: Record<string, number[]> = {
  ltd: [100, 1_000, 1_000, 10_000, 50_000, 100_000, 250_000],
  plc: [50_000, 100_000, 500_000, 1_000_000, 5_000_000, 25_000_000],
  llp: [1_000, 10_000, 50_000, 200_000],
};

export function factsOf(id: string): Facts {
  const identity = identityOf(id);
  const rng = rngFor(id, 'facts');
  const incorporationYear = rng.int(1962, 2021);
  const incorporationDate = dateIn(rng, incorporationYear, incorporationYear);
  let drawn: Closure | undefined;
  if (rng.chance(0.12)) {
    const year = rng.int(incorporationYear + 2, AS_OF_YEAR - 1);
    drawn = {
      year,
      date: dateIn(rng, year, year),
      reason: rng.weighted([
        ['VOLUNTARY_DISSOLUTION', 2],
        ['BANKRUPTCY', 1],
        ['MERGER', 1],
      ] as const),
    };
  }
  const { closure, insolvency } = statusFactsOf(id, incorporationYear, AS_OF_YEAR - 1, drawn);
  return {
    id,
    identity,
    incorporationDate,
    incorporationYear,
    closure,
    insolvency,
    capital: money(rng.pick(CAPITAL[identity.legalForm.key] ?? CAPITAL.ltd!)),
    legalAddress: groupMemberOf(id)?.address ?? address(rngFor(id, 'address')),
    lastActiveYear: closure?.year ?? AS_OF_YEAR - 1,
  };
}

/** How another record points at a generated company: enough to follow it (id) and to show it (name). */
export function companyRef(id: string) {
  return { id, countryCode: 'TEST', legalName: identityOf(id).legalName };
}

const EMPLOYEE_BANDS: Record<string, [number, number][]> = {
  ltd: [
    [1, 9],
    [1, 9],
    [10, 49],
    [10, 49],
    [50, 249],
  ],
  plc: [
    [50, 249],
    [250, 999],
    [1000, 4999],
  ],
  llp: [
    [1, 9],
    [10, 49],
    [50, 249],
  ],
};

export function employeesOf(facts: Facts) {
  const rng = rngFor(facts.id, 'employees');
  const [min, max] = rng.pick(EMPLOYEE_BANDS[facts.identity.legalForm.key] ?? EMPLOYEE_BANDS.ltd!);
  const lastUpdated = withinLife(dateIn(rng, facts.lastActiveYear, facts.lastActiveYear), facts);
  return rng.chance(0.4) ? { exact: rng.int(min, max), lastUpdated, isEstimate: false } : { min, max, lastUpdated, isEstimate: true };
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function activitiesOf(id: string) {
  const rng = rngFor(id, 'activities');
  const classes = rng.sample(
    naceClasses(),
    rng.weighted([
      [1, 5],
      [2, 3],
      [3, 2],
    ] as const),
  );
  const isic = new Map<string, { code: string; description: string }>();
  for (const c of classes) {
    const i = isicForNace(c.code);
    if (i) isic.set(i.code, { code: i.code, description: i.description });
  }
  return {
    // The TEST register publishes its codes itself, so none is marked AI-inferred.
    activities: {
      NACE: classes.map((c) => ({ code: c.code, description: c.description })),
      ISIC: [...isic.values()],
    },
    activityDescription: sentence(classes.map((c) => c.description.toLowerCase()).join('; ')),
  };
}

/**
 * The company's VAT number, drawn from its id: a UK one (9 digits, mod-97 check digits) for a company with an address
 * in the UK, a Luxembourg one (mod-89) for the showcase groups' Luxembourg companies, none for the others.
 */
export function taxIdOf(facts: Facts): Company['taxId'] {
  const rng = rngFor(facts.id, 'vat');
  const digits = (n: number) => String(rng.int(1, 9)) + Array.from({ length: n - 1 }, () => rng.int(0, 9)).join('');
  switch (facts.legalAddress.countryCode) {
    case 'GB': {
      const first7 = digits(7);
      return { type: 'gb_vat', value: `GB${first7}${gbCheckDigits(first7)}`, country: 'GB' };
    }
    case 'LU': {
      const first6 = digits(6);
      return { type: 'eu_vat', value: `LU${first6}${luCheckDigits(first6)}`, country: 'LU' };
    }
    default:
      return undefined;
  }
}

const webSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** What a search result shows of a company: its names, status and address. */
export type SearchView = Pick<
  Company,
  'legalName' | 'legacyLegalNames' | 'commercialNames' | 'legalNameInEnglish' | 'status' | 'legalAddress'
>;

/**
 * A generated company as a search shows it: the names, status and address its profile has, drawn from the same facts
 * without the rest of the profile (activities, tax id, staff) that a search never shows and that costs most to draw.
 */
export function searchViewOf(id: string): SearchView {
  const kept = searchViews.get(id);
  if (kept) return kept;
  const view = drawSearchView(id);
  if (searchViews.size >= SEARCH_VIEWS_KEPT) searchViews.delete(searchViews.keys().next().value!);
  searchViews.set(id, view);
  return view;
}

/**
 * Search views drawn lately, by id. A view is a pure function of the id, and one query draws the same candidates
 * each time it is asked: drawing them (SHA-256 seeds, names, addresses) was an eighth of a TEST search's busy CPU. Frozen,
 * since answers share them.
 */
const searchViews = new Map<string, SearchView>();
const SEARCH_VIEWS_KEPT = 10_000;

function drawSearchView(id: string): SearchView {
  const facts = factsOf(id);
  return Object.freeze({
    legalName: facts.identity.legalName,
    legacyLegalNames: facts.identity.legacyLegalNames,
    status: statusOf(facts.closure, facts.insolvency),
    legalAddress: Object.freeze({ ...facts.legalAddress }),
  });
}

/** The profile (`company` data point) of a generated company. */
export function generateCompany(id: string): Company {
  const facts = factsOf(id);
  const { identity } = facts;
  const rng = rngFor(id, 'profile');
  const city = vocabulary.cities.find((c) => c.city === facts.legalAddress.city) ?? vocabulary.cities[0]!;
  const phones = [`${city.phone}${String(rng.int(0, 999)).padStart(3, '0')}`];
  const website = rng.chance(0.8) ? `https://www.${webSlug(identity.baseName)}.example` : undefined;
  const taxId = taxIdOf(facts);
  // The emulated tax authorities know what the register hands out (tax-verification/issued.ts).
  if (taxId) announceTaxId(taxId, { name: identity.legalName, address: facts.legalAddress });
  return {
    countryCode: 'TEST',
    id,
    identifiers: { registrationNumber: id },
    ...(taxId ? { taxId } : {}),
    legalName: identity.legalName,
    legacyLegalNames: identity.legacyLegalNames,
    status: statusOf(facts.closure, facts.insolvency),
    registrationDate: facts.incorporationDate,
    incorporationDate: facts.incorporationDate,
    legalForm: {
      localName: identity.legalForm.localName,
      englishTranslation: identity.legalForm.englishTranslation ?? identity.legalForm.localName,
      standardized: identity.legalForm.standardized,
      ...(identity.legalForm.iso20275Code ? { iso20275Code: identity.legalForm.iso20275Code } : {}),
      isAIEnriched: false,
    },
    capital: facts.capital,
    ...activitiesOf(id),
    legalAddress: facts.legalAddress,
    phones,
    ...(website ? { website } : {}),
    employeeCount: employeesOf(facts),
  };
}
