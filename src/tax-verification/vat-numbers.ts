/**
 * VAT numbers as the tax authorities write them: normalisation, and the check digits the sandbox uses to hand out
 * numbers that real validators accept. The verifiers never judge a number by its check digits alone: only the
 * authority's answer counts (a number with good check digits may well be unregistered).
 */

/** Member states VIES answers for: EU country codes as VIES writes them (Greece is EL) plus XI (Northern Ireland). */
export const VIES_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
] as const;

/** VIES writes Greece as EL; the rest of the world (and our `country` fields) as GR. */
export const viesCountryOf = (iso: string): string => (iso.toUpperCase() === 'GR' ? 'EL' : iso.toUpperCase());

const compact = (value: string) => value.replace(/[\s.\-/]/g, '').toUpperCase();

/**
 * A UK VAT registration number as HMRC's API takes it: 9 digits (or 12 for a branch trader), without the GB prefix
 * and the spaces people write. Undefined when the text is not one.
 */
export function normaliseGbVrn(value: string): string | undefined {
  const v = compact(value).replace(/^GB/, '');
  return /^(\d{9}|\d{12})$/.test(v) ? v : undefined;
}

/** Weighted sum of a VRN's first seven digits (weights 8 to 2), the base of both UK check-digit schemes. */
function gbWeightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (8 - i);
  return sum;
}

/**
 * Whether a UK VRN's last two of its nine digits are right: the weighted sum plus the check number is a multiple of
 * 97 ("mod 97", numbers issued before 2010) or is one after adding 55 ("mod 9755", issued since).
 */
export function hasValidGbCheckDigits(vrn: string): boolean {
  const v = normaliseGbVrn(vrn);
  if (!v) return false;
  const total = gbWeightedSum(v) + Number(v.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The mod-97 check number (00 to 96) that completes seven digits into a valid nine-digit VRN. */
export function gbCheckDigits(first7: string): string {
  if (!/^\d{7}$/.test(first7)) throw new Error(`a VRN starts with 7 digits, not "${first7}"`);
  return String((97 - (gbWeightedSum(first7) % 97)) % 97).padStart(2, '0');
}

/** A Luxembourg VAT number's digits: eight, the last two being the first six modulo 89. */
export function luCheckDigits(first6: string): string {
  if (!/^\d{6}$/.test(first6)) throw new Error(`a LU VAT number starts with 6 digits, not "${first6}"`);
  return String(Number(first6) % 89).padStart(2, '0');
}

export function hasValidLuCheckDigits(digits: string): boolean {
  return /^\d{8}$/.test(digits) && luCheckDigits(digits.slice(0, 6)) === digits.slice(6);
}

/**
 * An EU VAT number split as VIES takes it: the member state (Greece as EL) and the number without that prefix.
 * `country` is the taxId's country when the value carries no prefix. Undefined when it names no VIES member state.
 */
export function splitEuVat(value: string, country?: string): { countryCode: string; vatNumber: string } | undefined {
  const v = compact(value);
  const prefix = v.slice(0, 2);
  const states = VIES_MEMBER_STATES as readonly string[];
  if (/^[A-Z]{2}/.test(prefix) && states.includes(viesCountryOf(prefix))) {
    const vatNumber = v.slice(2);
    return vatNumber ? { countryCode: viesCountryOf(prefix), vatNumber } : undefined;
  }
  const fallback = country ? viesCountryOf(country) : undefined;
  return fallback && states.includes(fallback) && v ? { countryCode: fallback, vatNumber: v } : undefined;
}
