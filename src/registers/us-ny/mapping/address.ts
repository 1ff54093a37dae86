import type { Address } from '../../../contract/index.ts';
import type { SnapshotRow } from '../columns.ts';
import { findRegion } from '../ingest/regions.ts';

/** The four addresses of a snapshot row, by column prefix. */
export type AddressPrefix = 'dos_process' | 'chairman' | 'registered_agent' | 'location';

export interface AddressParts {
  street?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

const COUNTRIES: Record<string, string> = { 'UNITED STATES': 'US', 'UNITED STATES OF AMERICA': 'US', USA: 'US', US: 'US', CANADA: 'CA' };

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim() || undefined;

/**
 * An address in the public shape. A recognised US state or Canadian province gives `state` and `region` (its
 * two-letter code) and `countryCode`; anything else stays in `region` as written, without a country.
 */
export function toAddress(p: AddressParts): Address | undefined {
  const region = findRegion(clean(p.state));
  const country = clean(p.country)?.toUpperCase();
  const countryCode = region?.country ?? (country ? COUNTRIES[country.replace(/\./g, '')] : undefined);
  const out: Address = {};
  const street = clean(p.street);
  const line2 = clean(p.line2);
  const city = clean(p.city);
  const zip = clean(p.zip);
  if (street) out.addressLine1 = street;
  if (line2) out.addressLine2 = line2;
  if (city) out.city = city;
  if (zip) out.postalCode = zip;
  if (region) {
    out.state = region.code;
    out.region = region.code;
  } else if (clean(p.state)) out.region = clean(p.state);
  if (countryCode) out.countryCode = countryCode;
  return Object.keys(out).length ? out : undefined;
}

export function rowAddress(row: SnapshotRow, prefix: AddressPrefix): Address | undefined {
  return toAddress({
    street: row[`${prefix}_address_1`],
    line2: row[`${prefix}_address_2`],
    city: row[`${prefix}_city`],
    state: row[`${prefix}_state`],
    zip: row[`${prefix}_zip`],
  });
}

/**
 * The address a snapshot row stands at: the entity's location when the row has one (a third of rows), else the
 * address the Department of State mails process to, which for most small entities is their office.
 */
export function legalAddressPrefix(row: SnapshotRow): AddressPrefix {
  return row.location_city || row.location_address_1 ? 'location' : 'dos_process';
}

export function legalAddressOfRow(row: SnapshotRow): Address | undefined {
  return rowAddress(row, legalAddressPrefix(row));
}
