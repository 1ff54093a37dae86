import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Individual, LegalRepresentative, OtherKeyPerson } from '../../../contract/index.ts';
import { COMPANY_ID_PATTERN, normaliseCompanyNumber, REGISTRATION_NUMBER_KEY } from '../ids.ts';
import type { MtInvolvement } from '../record.ts';
import { addressOf, countryCodeOf } from './address.ts';
import { isRepresentativeType, mapRole } from './roles.ts';

const NATIONALITIES = (
  JSON.parse(readFileSync(new URL('./nationalities.json', import.meta.url), 'utf8')) as { nationalities: Record<string, string> }
).nationalities;

/** ISO alpha-2 of a nationality as the registry writes it ("Maltese", "MT"); undefined when unknown. */
export function nationalityCode(nationality: string | undefined): string | undefined {
  const n = nationality?.trim();
  if (!n) return undefined;
  if (/^[A-Za-z]{2}$/.test(n)) return n.toUpperCase();
  return NATIONALITIES[n.toLowerCase()];
}

/** Stable within a company: the same party in two roles has one id. */
function entityId(companyId: string, p: MtInvolvement): string {
  const key = p.isLegalEntity ? (p.registrationNumber ?? p.name) : (p.idCardNumber ?? p.name);
  return `mt_${createHash('sha1').update(`${companyId}:${key.toUpperCase()}`).digest('hex').slice(0, 12)}`;
}

function individualOf(p: MtInvolvement): Individual {
  const nationality = nationalityCode(p.nationality);
  return {
    name: { fullName: p.name },
    ...(nationality ? { nationality } : {}),
    // The registry records a natural person's residential address (its particulars of directors and officers),
    // unlike JE's service addresses: it is the residence.
    ...(p.address ? { residenceAddress: addressOf(p.address) } : {}),
    ...(p.idCardNumber ? { identifiers: [{ type: 'idCardNumber', value: p.idCardNumber }] } : {}),
  };
}

/** A legal entity party; a Maltese company number makes it a company id of this register. */
function companyOf(p: MtInvolvement): NonNullable<LegalRepresentative['company']> {
  const number = p.registrationNumber ? normaliseCompanyNumber(p.registrationNumber) : undefined;
  const maltese = number !== undefined && COMPANY_ID_PATTERN.test(number);
  const countryCode = maltese ? 'MT' : countryCodeOf(p.address?.country);
  return {
    legalName: p.name,
    ...(maltese ? { id: number } : {}),
    ...(p.registrationNumber ? { identifiers: { [REGISTRATION_NUMBER_KEY]: p.registrationNumber } } : {}),
    ...(countryCode ? { countryCode } : {}),
    ...(p.address ? { legalAddress: addressOf(p.address) } : {}),
  };
}

function personOf(companyId: string, p: MtInvolvement) {
  return {
    entityId: entityId(companyId, p),
    role: mapRole(p.role),
    ...(p.appointedOn ? { startDate: p.appointedOn } : {}),
    ...(p.isLegalEntity
      ? { type: 'company' as const, company: companyOf(p) }
      : { type: 'individual' as const, individual: individualOf(p) }),
  };
}

/** Natural persons who are directors, legal or judicial representatives (spec §2.11). */
const isLegalRepresentative = (p: MtInvolvement) => !p.isLegalEntity && isRepresentativeType(p.role);

export function legalRepresentativesOf(companyId: string, involvements: readonly MtInvolvement[]): LegalRepresentative[] {
  return involvements.filter(isLegalRepresentative).map((p) => personOf(companyId, p));
}

/**
 * Everyone else involved: legal entities in a representative role (corporate directors), secretaries, auditors,
 * subscribers and the other involvement types, each with its type name as role.
 */
export function otherKeyPersonsOf(companyId: string, involvements: readonly MtInvolvement[]): OtherKeyPerson[] {
  return involvements.filter((p) => !isLegalRepresentative(p)).map((p) => personOf(companyId, p));
}
