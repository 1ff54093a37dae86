import type { Address } from '../contract/index.ts';
import { hasValidGbCheckDigits, hasValidLuCheckDigits, normaliseGbVrn, splitEuVat } from './vat-numbers.ts';

/** A registration as the emulated tax authorities hold it: the company's name and address in its register. */
export interface IssuedTaxId {
  /** `gb_vat`, `eu_vat`. */
  type: string;
  /** As the authority keys it: 9 or 12 digits for HMRC, the member state and number for VIES (`LU12345613`). */
  key: string;
  name: string;
  address?: Address;
}

const LIMIT = 100_000;

/**
 * The tax ids the sandbox registers have handed out in this process: what the emulated HMRC and VIES know. A
 * sandbox register announces a company's tax id whenever it serves the company (generated or stored by the
 * operator), and the company step asks the emulator right after the register answered, in the same process, so the
 * emulator always knows the number it is asked about. Generated companies are a pure function of their id, so this
 * is a cache of what the registers would answer anyway; the oldest entries give way beyond a bound.
 */
export class IssuedTaxIds {
  private readonly byKey = new Map<string, IssuedTaxId>();

  record(entry: IssuedTaxId): void {
    const k = `${entry.type}:${entry.key}`;
    this.byKey.delete(k);
    this.byKey.set(k, entry);
    if (this.byKey.size > LIMIT) this.byKey.delete(this.byKey.keys().next().value!);
  }

  find(type: string, key: string): IssuedTaxId | undefined {
    return this.byKey.get(`${type}:${key}`);
  }
}

/** The process's one directory: the sandbox registers write to it, the emulators read it. */
export const issuedTaxIds = new IssuedTaxIds();

/** The authority's key of a tax id (`undefined` for types no emulated authority answers for, or malformed values). */
export function authorityKeyOf(taxId: { type?: string; value: string; country?: string }): string | undefined {
  if (taxId.type === 'gb_vat') return normaliseGbVrn(taxId.value);
  if (taxId.type === 'eu_vat') {
    const split = splitEuVat(taxId.value, taxId.country);
    return split && `${split.countryCode}${split.vatNumber}`;
  }
  return undefined;
}

/**
 * What a sandbox register calls when it serves a company with a tax id: the emulated authority learns it. A number
 * whose check digits are wrong (where we know the rule: UK, Luxembourg) is one no authority issued: it stays unknown,
 * so an operator can store a company with a bad number and see it come back `invalid`.
 */
export function announceTaxId(
  taxId: { type?: string; value: string; country?: string },
  holder: { name?: string; address?: Address },
): void {
  const key = authorityKeyOf(taxId);
  if (!key || !taxId.type || !holder.name) return;
  if (taxId.type === 'gb_vat' && !hasValidGbCheckDigits(key)) return;
  if (taxId.type === 'eu_vat' && key.startsWith('LU') && !hasValidLuCheckDigits(key.slice(2))) return;
  issuedTaxIds.record({ type: taxId.type, key, name: holder.name, ...(holder.address ? { address: holder.address } : {}) });
}
