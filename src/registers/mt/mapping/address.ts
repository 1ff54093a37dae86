import type { Address } from '../../../contract/index.ts';
import { elfEntries } from '../../../enrichment/reference/legal-forms.ts';
import { lazy } from '../../../enrichment/reference/files.ts';
import type { MtAddress } from '../record.ts';

// Country names as the ELF list writes them ("Malta", "United Kingdom"), read from the list rather than typed.
const countryCodes = lazy(() => {
  const byName = new Map<string, string>();
  for (const e of elfEntries())
    if (e.countryName && e.countryCode && !e.subdivisionCode) byName.set(e.countryName.toLowerCase(), e.countryCode.toUpperCase());
  return byName;
});

/** ISO 3166-1 alpha-2 of a country as the registry writes it ("Malta", "MT"); undefined when unknown. */
export function countryCodeOf(country: string | undefined): string | undefined {
  const c = country?.trim();
  if (!c) return undefined;
  if (/^[A-Za-z]{2}$/.test(c)) return c.toUpperCase();
  const name = c.toLowerCase();
  const exact = countryCodes().get(name);
  if (exact) return exact;
  // "United Kingdom" for the list's "United Kingdom of Great Britain and Northern Ireland": a prefix, when unambiguous.
  const codes = new Set([...countryCodes()].filter(([n]) => n.startsWith(`${name} `)).map(([, code]) => code));
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** A registry address as a public address; the registered office of a Maltese company defaults to Malta. */
export function addressOf(a: MtAddress, defaultCountry?: string): Address {
  const countryCode = countryCodeOf(a.country) ?? (a.country ? undefined : defaultCountry);
  return {
    ...(a.street ? { addressLine1: a.street } : {}),
    ...(a.locality ? { city: a.locality } : {}),
    ...(a.postcode ? { postalCode: a.postcode } : {}),
    ...(countryCode ? { countryCode } : {}),
  };
}

/** One line, as documents and search results show an address. */
export function addressLine(a: MtAddress | undefined): string {
  return a ? [a.street, a.locality, a.postcode, a.country].filter(Boolean).join(', ') : '';
}
