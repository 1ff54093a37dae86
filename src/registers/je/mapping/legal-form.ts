import type { Company } from '../../../contract/index.ts';
import { findElf } from '../../../enrichment/reference/legal-forms.ts';
import { LEGAL_FORM_TABLE } from './tables.ts';

const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The public legal form of an entity page's `Type:` (spec §3.4): `localName` verbatim, the standardised form, and the
 * ISO 20275 code of the JE row of the ELF list named in the table. A deterministic table over the page's text, so
 * `isAIEnriched` is false. An unknown type keeps its words only.
 */
export function mapLegalForm(type: string): NonNullable<Company['legalForm']> {
  const local = type.trim();
  const row = LEGAL_FORM_TABLE.find((t) => key(t.local) === key(local));
  if (!row) return { localName: local, isAIEnriched: false };
  const code = row.elfName ? findElf({ countryCode: 'JE', localName: row.elfName }) : undefined;
  return {
    localName: row.local,
    englishTranslation: row.englishTranslation,
    standardized: row.standardized,
    ...(code ? { iso20275Code: code } : {}),
    isAIEnriched: false,
  };
}
