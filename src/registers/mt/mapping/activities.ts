import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Company } from '../../../contract/index.ts';
import { toActivities, type ActivityClassifier, type ActivityPrediction } from '../../../enrichment/activities/index.ts';
import { lazy } from '../../../enrichment/reference/files.ts';
import { naceByCode } from '../../../enrichment/reference/activities.ts';

const Terms = z.array(
  z.union([z.tuple([z.string().min(1), z.string()]), z.tuple([z.string().min(1), z.string(), z.number().positive().max(2)])]),
);
const File = z.object({ terms: Terms, nameTerms: Terms });

interface Term {
  term: string;
  nace: string;
  weight: number;
}

/** Terms checked against the NACE list at load: a code that is not a class fails, never reaches a response. */
function checked(list: z.infer<typeof Terms>): Term[] {
  return list
    .map(([term, nace, weight]) => {
      if (naceByCode(nace)?.level !== 4) throw new Error(`activity-terms.json: ${nace} (for ${term}) is not a NACE Rev. 2 class`);
      return { term: term.toLowerCase(), nace, weight: weight ?? 1 };
    })
    .sort((a, b) => b.term.length - a.term.length);
}

/** The terms (data): of the company-type text, and trade words of names. */
const terms = lazy(() => {
  const file = File.parse(JSON.parse(readFileSync(new URL('./activity-terms.json', import.meta.url), 'utf8')));
  return { type: checked(file.terms), name: checked(file.nameTerms) };
});

/** Scores of the terms a text holds, longest first, non-overlapping; whole words only when `words` is set. */
function scoreTerms(text: string, list: readonly Term[], words: boolean, scores: Map<string, number>): void {
  const lower = text.normalize('NFKC').toLowerCase();
  // Whole words: "Energy" must not be found in "Synergy"; the name's punctuation ("& Co.") separates words.
  let rest = words ? ` ${lower.replace(/[^\p{L}\p{N}]+/gu, ' ')} ` : lower;
  for (const t of list) {
    const needle = words ? ` ${t.term} ` : t.term;
    if (!rest.includes(needle)) continue;
    rest = rest.split(needle).join(' | ');
    scores.set(t.nace, (scores.get(t.nace) ?? 0) + t.weight);
  }
}

/**
 * Infers NACE classes of an MT company: from its company-type text (investment companies, cells, foundations), and
 * from the trade words of its name (Shipping, Bakery, Holdings…), the only other text the registry gives for free.
 * Input: "type - subtype", then, after a line break, the name.
 */
export class CompanyTypeClassifier implements ActivityClassifier {
  readonly name = 'mt-company-type-and-name-terms';

  async classify(text: string): Promise<ActivityPrediction[]> {
    const [typeText = '', name = ''] = text.split('\n');
    const scores = new Map<string, number>();
    scoreTerms(typeText, terms().type, false, scores);
    scoreTerms(name, terms().name, true, scores);
    return [...scores].map(([nace, score]) => ({ nace, score })).sort((a, b) => b.score - a.score || a.nace.localeCompare(b.nace));
  }
}

const classifier = new CompanyTypeClassifier();

/** The text the activities are inferred from, and `activityDescription`: the type and the subtype. */
export function companyTypeText(type: string, subtype?: string): string {
  return subtype ? `${type.trim()} - ${subtype.trim()}` : type.trim();
}

/**
 * NACE and ISIC codes (every item `isAIInferred`) of a type and subtype and of the name's trade words; undefined when
 * none says anything of a trade.
 */
export async function inferActivitiesOfType(type: string, subtype?: string, name = ''): Promise<Company['activities'] | undefined> {
  return toActivities(await classifier.classify(`${companyTypeText(type, subtype)}\n${name}`));
}
