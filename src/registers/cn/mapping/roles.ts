import { readFileSync } from 'node:fs';
import { z } from 'zod';

const RoleTable = z.object({
  representativeLabels: z.array(z.string()).min(1),
  roles: z
    .array(
      z.object({ term: z.string().min(1), englishTranslation: z.string(), standardized: z.string(), legalRepresentative: z.boolean() }),
    )
    .min(1),
});

/** The role table (data). Terms are tried longest first, so 财务负责人 is not read as 负责人. */
export const ROLE_TABLE = (() => {
  const t = RoleTable.parse(JSON.parse(readFileSync(new URL('./roles.json', import.meta.url), 'utf8')));
  return { ...t, roles: [...t.roles].sort((a, b) => b.term.length - a.term.length) };
})();

export type RoleTerm = (typeof ROLE_TABLE.roles)[number];

/** The role terms of a 职务 in the order written: 执行董事兼总经理 → 执行董事, 总经理. */
export function roleTermsOf(title: string): RoleTerm[] {
  const found: { at: number; role: RoleTerm }[] = [];
  const taken: boolean[] = [];
  for (const role of ROLE_TABLE.roles) {
    for (let at = title.indexOf(role.term); at >= 0; at = title.indexOf(role.term, at + 1)) {
      const span = [...Array(role.term.length).keys()].map((i) => at + i);
      if (span.some((i) => taken[i])) continue;
      for (const i of span) taken[i] = true;
      found.push({ at, role });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.role);
}

/** The public role of a 职务: its words verbatim, their translation, and the standardised role of the first term. */
export function mapRole(title: string): { localName: string; englishTranslation?: string; standardized: string } {
  const terms = roleTermsOf(title);
  if (terms.length === 0) return { localName: title, standardized: 'Other' };
  return {
    localName: title,
    englishTranslation: terms.map((t) => t.englishTranslation).join(' and '),
    standardized: terms[0]!.standardized,
  };
}

/** True when a 职务 holds a term that classifies a legal representative (spec §3.4). */
export function isLegalRepresentativeTitle(title: string): boolean {
  return roleTermsOf(title).some((t) => t.legalRepresentative);
}
