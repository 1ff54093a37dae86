import type { Company } from '../../contract/index.ts';
import { isicForNace, naceByCode } from '../reference/activities.ts';
import { DictionaryClassifier, type ActivityClassifier, type ActivityPrediction } from './classifier.ts';

export { DictionaryClassifier, type ActivityClassifier, type ActivityPrediction } from './classifier.ts';
export { LanguageModelClassifier, type LanguageModelProvider } from './language-model.ts';

/** At most this many classes are reported, and only those scoring at least this share of the best. */
const MAX_CODES = 3;
const MIN_SHARE = 0.3;

const defaultClassifier = new DictionaryClassifier();

/**
 * The public activity lists inferred from a business scope: NACE Rev. 2 classes, best first, and the ISIC Rev. 4
 * classes they correspond to (the reference link), every item `isAIInferred`. Descriptions come from the
 * reference lists. Undefined when nothing in the scope is recognised: no code is better than a guessed one.
 */
export async function inferActivities(
  scope: string | undefined,
  classifier: ActivityClassifier = defaultClassifier,
): Promise<Company['activities'] | undefined> {
  if (!scope?.trim()) return undefined;
  return toActivities(await classifier.classify(scope));
}

export function toActivities(predictions: ActivityPrediction[]): Company['activities'] | undefined {
  const best = predictions[0]?.score ?? 0;
  const kept = predictions.filter((p) => p.score >= best * MIN_SHARE).slice(0, MAX_CODES);
  if (kept.length === 0) return undefined;
  const nace = kept.map((p) => ({ code: p.nace, description: naceByCode(p.nace)?.description, isAIInferred: true }));
  const isic: NonNullable<Company['activities']>['ISIC'] = [];
  for (const p of kept) {
    const item = isicForNace(p.nace);
    if (item && !isic.some((i) => i.code === item.code)) isic.push({ code: item.code, description: item.description, isAIInferred: true });
  }
  return { NACE: nace, ISIC: isic };
}
