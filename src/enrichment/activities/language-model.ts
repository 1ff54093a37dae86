import { naceByCode } from '../reference/activities.ts';
import type { ActivityClassifier, ActivityPrediction } from './classifier.ts';

/**
 * A language model that answers a prompt with text. Off by default: no provider is configured, and nothing in the
 * service needs one. A deployment that has one wraps it in this interface.
 */
export interface LanguageModelProvider {
  readonly name: string;
  complete(prompt: string, opts: { signal?: AbortSignal }): Promise<string>;
}

/**
 * Asks a language model to pick NACE classes for a scope among the candidates of a base classifier (so that it
 * re-ranks rather than invents), keeps only codes that are real NACE classes, and falls back to the base
 * classifier's answer when the model fails or says nothing usable.
 */
export class LanguageModelClassifier implements ActivityClassifier {
  readonly name: string;

  constructor(
    private readonly model: LanguageModelProvider,
    private readonly base: ActivityClassifier,
    private readonly candidates = 10,
  ) {
    this.name = `${base.name}+${model.name}`;
  }

  async classify(scope: string): Promise<ActivityPrediction[]> {
    const base = await this.base.classify(scope);
    const options = base.slice(0, this.candidates);
    if (options.length < 2) return base;
    const prompt = [
      'Business scope of a Chinese company (经营范围):',
      scope,
      'Candidate NACE Rev. 2 classes:',
      ...options.map((o) => `${o.nace} ${naceByCode(o.nace)?.description ?? ''}`),
      "Answer with the codes of the company's main activities, best first, comma-separated, nothing else.",
    ].join('\n');
    let answer: string;
    try {
      answer = await this.model.complete(prompt, {});
    } catch {
      return base;
    }
    const allowed = new Set(options.map((o) => o.nace));
    const picked = [...new Set(answer.match(/\d{2}\.\d{2}/g) ?? [])].filter((c) => allowed.has(c));
    if (picked.length === 0) return base;
    const top = options[0]!.score;
    const rest = base.filter((b) => !picked.includes(b.nace));
    return [...picked.map((nace, i) => ({ nace, score: top + picked.length - i })), ...rest];
  }
}
