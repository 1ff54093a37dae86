import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Company } from '../../../contract/index.ts';
import { findElf } from '../../../enrichment/reference/legal-forms.ts';
import { findRegion } from '../ingest/regions.ts';

const Form = z.object({
  entityTypes: z.array(z.string()).min(1),
  standardized: z.string(),
  elfNames: z.array(z.string()),
  beyondSpecification: z.boolean().optional(),
});
const forms = z
  .object({ forms: z.array(Form) })
  .parse(JSON.parse(readFileSync(new URL('./legal-forms.json', import.meta.url), 'utf8'))).forms;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase();
const byType = new Map(forms.flatMap((f) => f.entityTypes.map((t) => [norm(t), f] as const)));

/**
 * The ISO 3166-2 code of the jurisdiction an entity was formed in: New York for domestic entities (and entity
 * types without the DOMESTIC/FOREIGN prefix), the `jurisdiction` for foreign ones when it names a US state.
 */
export function formationSubdivision(entityType: string, jurisdiction: string | undefined): string | undefined {
  if (!/^FOREIGN\b/.test(norm(entityType))) return 'US-NY';
  const region = findRegion(jurisdiction);
  return region?.country === 'US' ? region.subdivision : undefined;
}

/**
 * The legal form of an entity type (spec §3.4): the register's words as `localName`, the specification's
 * standardised name, and the ELF code of that form in the jurisdiction of formation, when the ELF list has one.
 * An entity type the table does not know keeps its words only.
 */
export function mapLegalForm(entityType: string | undefined, jurisdiction: string | undefined): Company['legalForm'] | undefined {
  if (!entityType) return undefined;
  const form = byType.get(norm(entityType));
  if (!form) return { localName: entityType };
  const subdivision = formationSubdivision(entityType, jurisdiction);
  let code: string | undefined;
  if (subdivision) {
    for (const name of form.elfNames) {
      code = findElf({ countryCode: 'US', subdivision, localName: name });
      if (code) break;
    }
  }
  return { localName: entityType, standardized: form.standardized, ...(code ? { iso20275Code: code } : {}), isAIEnriched: false };
}

/** The table, for tests. */
export const LEGAL_FORM_TABLE = forms;
