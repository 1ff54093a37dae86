import { createHash } from 'node:crypto';
import type { Individual, LegalRepresentative, OtherKeyPerson, Shareholder } from '../../../contract/index.ts';
import type { ExtractedReport } from '../extract/report.ts';
import { KIND_WORDS, REPORT_LABELS as L } from '../labels.ts';
import { parseAddressLine } from './address.ts';
import { parseCount } from './capital.ts';
import { parseRegistryDate } from './dates.ts';
import { NATIONALITIES } from './tables.ts';

type Fields = Record<string, string>;

/** Words that belong to a surname: Le Brocq, de Carteret, Van der Berg. */
const PARTICLES = new Set(['le', 'la', 'de', 'du', 'des', 'di', 'da', 'van', 'von', 'der', 'den', 'st', 'st.']);
const DIRECTOR_ROLE = { standardized: 'Director', localName: 'Director', englishTranslation: 'Director' };
const SECRETARY_ROLE = { standardized: 'Secretary', localName: 'Secretary', englishTranslation: 'Secretary' };

/** A stable id for a party of one entity, the same for a person who is both director and shareholder. */
const entityId = (number: string, name: string) =>
  `je_${createHash('sha1').update(`${number}:${name.toLowerCase()}`).digest('hex').slice(0, 12)}`;
const isCorporate = (kind: string | undefined) => kind?.trim().toLowerCase() === KIND_WORDS.corporate.toLowerCase();

/** "Amelia Jane Le Brocq" → first Amelia, last Le Brocq; the full name is always kept. */
export function splitName(fullName: string): Individual['name'] {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return { fullName };
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1]!.toLowerCase())) start--;
  return { fullName, firstName: words[0], lastName: words.slice(start).join(' ') };
}

/** "British" → GB; a two-letter code as it is; an unknown word is left out rather than guessed. */
export function nationalityCode(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (/^[A-Z]{2}$/.test(text)) return text;
  const hit = Object.entries(NATIONALITIES).find(([word]) => word.toLowerCase() === text.toLowerCase());
  return hit?.[1];
}

/** "04/1972" or "1972" → {month, year}. */
function birthOf(raw: string | undefined): Individual['birthDate'] | undefined {
  const m = /^(?:(\d{1,2})\/)?(\d{4})$/.exec(raw?.trim() ?? '');
  if (!m) return undefined;
  const month = m[1] ? Number(m[1]) : undefined;
  return { ...(month && month >= 1 && month <= 12 ? { month } : {}), year: Number(m[2]) };
}

function party(number: string, f: Fields, kindLabel: string) {
  const name = f[L.personName] ?? '';
  const address = parseAddressLine(f[L.address]);
  if (isCorporate(f[kindLabel])) {
    return {
      type: 'company' as const,
      entityId: entityId(number, name),
      company: { legalName: name, ...(address ? { legalAddress: address } : {}) },
    };
  }
  const nationality = nationalityCode(f[L.nationality]);
  const birthDate = birthOf(f[L.birth]);
  const individual: Individual = {
    name: splitName(name),
    ...(birthDate ? { birthDate } : {}),
    ...(nationality ? { nationality } : {}),
    // The report prints a director's or secretary's service address, not where they live: no residence is known.
    ...(address ? { serviceAddress: address } : {}),
  };
  return { type: 'individual' as const, entityId: entityId(number, name), individual };
}

/** The directors of a report, individual or corporate, as legal representatives (spec §2.11). */
export function legalRepresentativesOf(number: string, report: ExtractedReport): LegalRepresentative[] {
  return report.directors
    .filter((d) => d[L.personName])
    .map((d) => {
      const start = parseRegistryDate(d[L.appointedOn]);
      return { ...party(number, d, L.directorKind), role: DIRECTOR_ROLE, ...(start ? { startDate: start } : {}) };
    });
}

/** The secretary, when the report names one, as the one other key person (spec §2.11). */
export function otherKeyPersonsOf(number: string, report: ExtractedReport): OtherKeyPerson[] {
  const s = report.secretary;
  return s?.[L.personName] ? [{ ...party(number, s, L.secretaryKind), role: SECRETARY_ROLE }] : [];
}

/**
 * The shareholders, when disclosed (spec §2.11): shares held and their share of the issued shares (the capital's
 * issued shares when the report states them and they cover the holdings, else the holdings' total), so one share held
 * by one holder is 100 percent. Not disclosed: an empty array.
 */
export function shareholdersOf(number: string, report: ExtractedReport): Shareholder[] {
  const rows = report.shareholders
    .map((row) => ({ row, shares: parseCount(row['Shares Held']) }))
    .filter((r): r is { row: Fields; shares: number } => !!r.row['Name'] && r.shares !== undefined);
  const held = rows.reduce((sum, r) => sum + r.shares, 0);
  const issued = parseCount(report.capital[L.issuedShares]);
  const total = issued !== undefined && issued >= held ? issued : held;
  return rows.map(({ row, shares }) => {
    const name = row['Name']!;
    const holder = isCorporate(row['Holder Type'])
      ? { type: 'company' as const, company: { legalName: name } }
      : { type: 'individual' as const, individual: { name: splitName(name) } };
    return {
      ...holder,
      entityId: entityId(number, name),
      numberOfShares: shares,
      ...(total > 0 ? { sharePercentage: Math.round((shares / total) * 10_000) / 100 } : {}),
    };
  });
}
