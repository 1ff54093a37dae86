import type { Address } from '../../../contract/index.ts';
import type { GbAddress } from '../record.ts';
import { countryOf } from './tables.ts';

/**
 * A Companies House address: the premises (a house number or building name) lead the first line, as the register
 * prints them ("1 Finsbury Square"); the country word becomes its code.
 */
export function addressOf(a: GbAddress | undefined): Address | undefined {
  if (!a) return undefined;
  const line1 = [a.premises, a.address_line_1].filter(Boolean).join(a.premises && /^\d/.test(a.premises) ? ' ' : ', ');
  const countryCode = countryOf(a.country);
  const out: Address = {
    ...(line1 ? { addressLine1: line1 } : {}),
    ...(a.address_line_2 ? { addressLine2: a.address_line_2 } : {}),
    ...(a.locality ? { city: a.locality } : {}),
    ...(a.postal_code ? { postalCode: a.postal_code } : {}),
    ...(a.region ? { region: a.region } : {}),
    ...(countryCode ? { countryCode } : {}),
    ...(a.po_box ? { poBox: a.po_box } : {}),
    ...(a.care_of ? { careOf: a.care_of } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}
