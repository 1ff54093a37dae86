import type { Rng } from './random.ts';
import { townsWithZips, zipsOf } from './town-zips.ts';
import { countyOptions, type EntityTypeSpec, words } from './words.ts';

/** An address as the snapshot's column groups hold it. */
export interface Addr {
  address_1: string;
  address_2?: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * A town and one of its real ZIP codes (town-zips.json): never a ZIP code of another town. Two draws, as when the
 * ZIP code was drawn from a range, so that every later value of the entity stays as it was.
 */
function townAndZip(rng: Rng, state: string, cities: readonly string[]): { city: string; zip: string } {
  const known = townsWithZips(state, cities);
  if (known.length === 0) throw new Error(`no ZIP codes for any of ${cities.join(', ')} (${state})`);
  const city = rng.pick(known);
  const zip = rng.pick(zipsOf(state, city));
  rng.next();
  return { city, zip };
}

const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH')}`;

export function street(rng: Rng, nyc: boolean): string {
  const number = rng.chance(0.7) ? rng.int(1, 999) : rng.int(1000, 9999);
  if (nyc && rng.chance(0.35)) return `${number} ${rng.pick(['EAST', 'WEST'])} ${ordinal(rng.int(1, 125))} STREET`;
  return `${number} ${rng.pick(words.streetNames)} ${rng.pick(words.streetTypes)}`;
}

export function unit(rng: Rng): string {
  return rng.pick(words.units).replace('{n}', String(rng.int(1, 40)));
}

export type County = (typeof words.counties)[number];

export const pickCounty = (rng: Rng): County => rng.weighted(countyOptions);

/** An address in a county of the state. */
export function nyAddress(rng: Rng, county: County): Addr {
  const nyc = county.county === 'NEW YORK';
  return {
    address_1: street(rng, nyc),
    ...(rng.chance(0.25) ? { address_2: unit(rng) } : {}),
    ...townAndZip(rng, 'NY', county.cities),
    state: 'NY',
  };
}

export function outOfStateAddress(rng: Rng): Addr {
  const office = rng.pick(words.outOfStateOffices);
  return {
    address_1: street(rng, false),
    ...(rng.chance(0.3) ? { address_2: unit(rng) } : {}),
    ...townAndZip(rng, office.state, office.cities),
    state: office.state,
  };
}

export function personName(rng: Rng): string {
  const middle = rng.chance(0.3) ? ` ${String.fromCharCode(65 + rng.int(0, 25))}.` : '';
  return `${rng.pick(words.givenNames)}${middle} ${rng.pick(words.surnames)}`;
}

/** A made-up word of two or three syllables: real names are full of them, and they make the vocabulary large. */
export function coined(rng: Rng): string {
  let w = rng.pick(words.syllables) + rng.pick(words.syllables);
  if (rng.chance(0.3)) w += rng.pick(words.syllables);
  return w;
}

/** The stem of a company name (no legal suffix), in one of the patterns real names follow. */
export function nameStem(rng: Rng, type: EntityTypeSpec): string {
  if (type.nonProfit) {
    const place = rng.chance(0.5) ? `${rng.pick(pickCounty(rng).cities)} ` : '';
    return rng.chance(0.3)
      ? `FRIENDS OF THE ${place}${rng.pick(words.nonProfitThemes)} ${rng.pick(words.nonProfitOrgs)}`
      : `${place}${rng.pick(words.nonProfitThemes)} ${rng.pick(words.nonProfitOrgs)}`;
  }
  if (type.partners) return `${rng.pick(words.surnames)} ${rng.chance(0.5) ? '&' : 'AND'} ${rng.pick(words.surnames)}`;
  if (type.professional) {
    return rng.chance(0.6)
      ? `${rng.pick(words.givenNames)} ${rng.pick(words.surnames)}`
      : `${rng.pick(words.surnames)} ${rng.pick(['MEDICAL', 'DENTAL', 'LAW', 'ACCOUNTING', 'ARCHITECTURE', 'ENGINEERING', 'PHYSICAL THERAPY', 'PSYCHOLOGY'])}`;
  }
  const pattern = rng.int(0, 9);
  switch (pattern) {
    case 0:
    case 1:
      return `${rng.pick(words.surnames)} ${rng.pick(words.industries)}`;
    case 2:
    case 3:
      return `${coined(rng)} ${rng.pick(words.industries)}`;
    case 4:
      return `${street(rng, true).replace(/ (STREET|ST|AVENUE|AVE|ROAD|RD|BOULEVARD|BLVD|PLACE|DRIVE|LANE|PARKWAY|TURNPIKE|HIGHWAY)$/, ' $1')} ${rng.pick(['REALTY', 'OWNER', 'ASSOCIATES', 'HOLDINGS', 'PROPERTIES'])}`;
    case 5:
      return `${rng.pick(words.businessWords)} ${rng.pick(words.businessWords)} ${rng.pick(words.industries)}`;
    case 6:
      return `${rng.pick(words.givenNames)} ${rng.pick(words.surnames)} ${rng.pick(words.industries)}`;
    case 7:
      return `${rng.pick(words.businessWords)} ${rng.pick(words.industries)}`;
    case 8:
      return `${coined(rng)} ${rng.pick(words.businessWords)} ${rng.pick(words.industries)}`;
    default:
      return `${rng.pick(pickCounty(rng).cities)} ${rng.pick(words.businessWords)} ${rng.pick(words.industries)}`;
  }
}

export function companyName(rng: Rng, type: EntityTypeSpec): string {
  const suffix = rng.pick(type.suffixes);
  const stem = nameStem(rng, type);
  if (!suffix) return stem;
  // Half the corporations write a comma before the suffix ("ACME, INC."): search must not care.
  const comma = /^(INC|LTD|CORP|CO\.|P\.C|M\.D|D\.D\.S|CPA|HOLDINGS)/.test(suffix) && rng.chance(0.4);
  return comma ? `${stem}, ${suffix}` : `${stem} ${suffix}`;
}

/** A date `YYYY-MM-DD` of a fractional year (2010.5 is about the 1st of July 2010). */
export function dateOfYear(fractionalYear: number): string {
  const year = Math.floor(fractionalYear);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  let day = Math.floor((fractionalYear - year) * (leap ? 366 : 365));
  let month = 0;
  for (; month < 11; month++) {
    const len = MONTH_DAYS[month]! + (month === 1 && leap ? 1 : 0);
    if (day < len) break;
    day -= len;
  }
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}`;
}
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
