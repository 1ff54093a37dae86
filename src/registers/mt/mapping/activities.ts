import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Company } from '../../../contract/index.ts';
import { toActivities, type ActivityClassifier, type ActivityPrediction } from '../../../enrichment/activities/index.ts';
import { lazy } from '../../../enrichment/reference/files.ts';
import { naceByCode } from '../../../enrichment/reference/activities.ts';

const File = z.object({
  terms: z.array(
    z.union([z.tuple([z.string().min(1), z.string()]), z.tuple([z.string().min(1), z.string(), z.number().positive().max(2)])]),
  ),
});

/** The terms (data), checked against the NACE list at load: a code that is not a class fails, never reaches a response. */
const terms = lazy(() =>
  File.parse(JSON.parse(readFileSync(new URL('./activity-terms.json', import.meta.url), 'utf8')))
    .terms.map(([term, nace, weight]) => {
      if (naceByCode(nace)?.level !== 4) throw new Error(`activity-terms.json: ${nace} (for ${term}) is not a NACE Rev. 2 class`);
      return { term: term.toLowerCase(), nace, weight: weight ?? 1 };
    })
    .sort((a, b) => b.term.length - a.term.length),
);

/** Infers NACE classes from an MT company-type text by its terms (longest first, non-overlapping). */
export class CompanyTypeClassifier implements ActivityClassifier {
  readonly name = 'mt-company-type-terms';

  async classify(text: string): Promise<ActivityPrediction[]> {
    let rest = text.normalize('NFKC').toLowerCase();
    const scores = new Map<string, number>();
    for (const t of terms()) {
      if (!rest.includes(t.term)) continue;
      rest = rest.split(t.term).join(' | ');
      scores.set(t.nace, (scores.get(t.nace) ?? 0) + t.weight);
    }
    return [...scores].map(([nace, score]) => ({ nace, score })).sort((a, b) => b.score - a.score || a.nace.localeCompare(b.nace));
  }
}

const classifier = new CompanyTypeClassifier();

/** The text the activities are inferred from, and `activityDescription`: the type and the subtype. */
export function companyTypeText(type: string, subtype?: string): string {
  return subtype ? `${type.trim()} - ${subtype.trim()}` : type.trim();
}

/** NACE and ISIC codes (every item `isAIInferred`) of a type and subtype; undefined when they say nothing of a trade. */
export async function inferActivitiesOfType(type: string, subtype?: string): Promise<Company['activities'] | undefined> {
  return toActivities(await classifier.classify(companyTypeText(type, subtype)));
}
