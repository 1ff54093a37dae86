import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Company } from '../../../contract/index.ts';
import { findElf } from '../../../enrichment/reference/legal-forms.ts';

const LegalFormTable = z.object({
  rules: z
    .array(
      z.object({
        contains: z.string().min(1),
        standardized: z.string(),
        englishTranslation: z.string(),
        elfName: z.string().optional(),
      }),
    )
    .min(1),
});

/** The legal-form table (data): spec §3.4 for CN. */
export const LEGAL_FORM_TABLE = LegalFormTable.parse(JSON.parse(readFileSync(new URL('./legal-forms.json', import.meta.url), 'utf8')));

// The report writes brackets full-width or half-width, depending on the registration authority's software.
const normalise = (s: string) => s.trim().replace(/\(/g, '（').replace(/\)/g, '）').replace(/\s+/g, '');

/**
 * The public legal form of a report's 类型 (spec §3.4): `localName` verbatim, the standardised form and its
 * translation, and an ISO 20275 code only where the ELF list has a CN row of that very name. AI-enriched, since
 * the type is read from a PDF and classified by rules.
 */
export function mapLegalForm(type: string): NonNullable<Company['legalForm']> {
  const local = type.trim();
  const key = normalise(local);
  const rule = LEGAL_FORM_TABLE.rules.find((r) => key.includes(normalise(r.contains)));
  if (!rule) return { localName: local, isAIEnriched: true };
  const code = rule.elfName ? findElf({ countryCode: 'CN', localName: rule.elfName }) : undefined;
  return {
    localName: local,
    englishTranslation: rule.englishTranslation,
    standardized: rule.standardized,
    ...(code ? { iso20275Code: code } : {}),
    isAIEnriched: true,
  };
}
