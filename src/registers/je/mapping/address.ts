import type { Address } from '../../../contract/index.ts';
import { lazy } from '../../../enrichment/reference/files.ts';

/** UK-style postcodes, which Jersey (JE), Guernsey (GY) and the Isle of Man (IM) share. */
const POSTCODE_RE = /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i;
const CROWN_DEPENDENCIES: Record<string, string> = { JE: 'JE', GY: 'GG', IM: 'IM' };

/** English country names to ISO codes, from the runtime's ICU data (no list to keep). */
const COUNTRIES = lazy(() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const map = new Map<string, string>([
    ['uk', 'GB'],
    ['great britain', 'GB'],
    ['england', 'GB'],
    ['scotland', 'GB'],
    ['wales', 'GB'],
    ['usa', 'US'],
  ]);
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      // First code wins: FR before FX (Metropolitan France), which ICU names the same.
      if (name && name !== code && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), code);
    }
  }
  return map;
});

/**
 * Splits an address the report prints on one line, parts separated by commas ("La Maison Blanche, Rue de la Mare,
 * St Martin, JE3 6AB" or "14 Rue du Bac, Paris, 75007, France"): a trailing country name, then a postcode, then the
 * town; the rest are address lines. The country comes from the name, else from a Channel Islands or Manx postcode.
 */
export function parseAddressLine(raw: string | undefined): Address | undefined {
  const parts = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  let countryCode = parts.length > 1 ? COUNTRIES().get(parts[parts.length - 1]!.toLowerCase()) : undefined;
  if (countryCode) parts.pop();
  let postalCode: string | undefined;
  const last = parts[parts.length - 1]!;
  if (parts.length > 1 && (POSTCODE_RE.test(last) || /^\d{4,6}$/.test(last))) {
    postalCode = parts.pop()!.toUpperCase();
    countryCode ??= POSTCODE_RE.test(postalCode) ? CROWN_DEPENDENCIES[postalCode.slice(0, 2)] : undefined;
  }
  const city = parts.length > 1 ? parts.pop() : undefined;
  const [addressLine1, ...rest] = parts;
  return {
    ...(addressLine1 ? { addressLine1 } : {}),
    ...(rest.length ? { addressLine2: rest.join(', ') } : {}),
    ...(city ? { city } : {}),
    ...(postalCode ? { postalCode } : {}),
    ...(countryCode ? { countryCode } : {}),
  };
}

/** The registered office, as the report prints it line by line; always in Jersey. */
export function registeredOffice(
  fields: Record<string, string>,
  labels: { addressLine1: string; addressLine2: string; city: string; postalCode: string },
): Address | undefined {
  const line1 = fields[labels.addressLine1];
  if (!line1) return undefined;
  const line2 = fields[labels.addressLine2];
  const city = fields[labels.city];
  const postalCode = fields[labels.postalCode];
  return {
    addressLine1: line1,
    ...(line2 ? { addressLine2: line2 } : {}),
    ...(city ? { city } : {}),
    ...(postalCode ? { postalCode } : {}),
    countryCode: 'JE',
  };
}
