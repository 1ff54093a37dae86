import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Company } from '../../../contract/index.ts';
import { findElf } from '../../../enrichment/reference/legal-forms.ts';

const LegalFormTable = z.object({
  rules: z
    .array(
      z.object({
        contains: z.array(z.string().min(1)).default([]),
        suffixes: z.array(z.string().min(1)).default([]),
        standardized: z.string(),
        englishTranslation: z.string(),
        elfName: z.string().optional(),
      }),
    )
    .min(1),
});

/** The legal-form table (data): spec §3.4 for MT, with the ELF names of registers/mt.md. */
export const LEGAL_FORM_TABLE = LegalFormTable.parse(JSON.parse(readFileSync(new URL('./legal-forms.json', import.meta.url), 'utf8')));

const norm = (s: string | undefined) => (s ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The register's words for a legal form: the type, and the subtype in brackets when there is one (spec §2.11). */
export function legalFormLocalName(type: string, subtype?: string): string {
  return subtype ? `${type.trim()} (${subtype.trim()})` : type.trim();
}

/**
 * The public legal form of a company's type, subtype and suffix (spec §3.4): `localName` as the register writes
 * it, the standardised form and its translation classified by the table's rules, and an ISO 20275 code where the
 * ELF list has an MT row of that name. AI-enriched: the classification is a rule over free text.
 */
export function mapLegalForm(company: { type: string; subtype?: string; suffix?: string }): NonNullable<Company['legalForm']> {
  const localName = legalFormLocalName(company.type, company.subtype);
  const text = norm(localName);
  const suffix = norm(company.suffix);
  const rule = LEGAL_FORM_TABLE.rules.find(
    (r) => r.contains.some((c) => text.includes(c)) || (suffix !== '' && r.suffixes.includes(suffix)),
  );
  // No rule matched: only the register's own words are given, nothing was inferred.
  if (!rule) return { localName, isAIEnriched: false };
  const code = rule.elfName ? findElf({ countryCode: 'MT', localName: rule.elfName }) : undefined;
  return {
    localName,
    englishTranslation: rule.englishTranslation,
    standardized: rule.standardized,
    ...(code ? { iso20275Code: code } : {}),
    isAIEnriched: true,
  };
}
