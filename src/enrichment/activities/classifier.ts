import { dictionaryTerms, type DictionaryTerm } from './dictionary.ts';
import { scopeItems } from './scope.ts';

/** One inferred NACE Rev. 2 class with its score (comparable within one answer only). */
export interface ActivityPrediction {
  nace: string;
  score: number;
}

/**
 * Infers the activities (NACE Rev. 2 classes, best first) of a free-text business scope. The extension point for
 * other methods: the dictionary classifier below is the default; a language-model provider may sit behind the
 * same interface (language-model.ts).
 */
export interface ActivityClassifier {
  readonly name: string;
  classify(scope: string): Promise<ActivityPrediction[]>;
}

/** How much an item counts by its place: licences list the main activity first. */
const positionWeight = (i: number) => 1 / (1 + 0.25 * i);
/** Below this bigram similarity an item is not taken for a dictionary term. */
const FUZZY_MIN = 0.6;

const bigrams = (s: string) => {
  const out = new Set<string>();
  for (let i = 0; i < s.length - 1; i++) out.add(s.slice(i, i + 2));
  return out;
};

/**
 * How much of a term an item contains, by character bigrams: Chinese wordings insert particles and reorder
 * (软件的开发与销售 for 软件开发) while keeping the term's words. Terms of one bigram are left to exact matching.
 */
function similarity(item: Set<string>, term: Set<string>): number {
  if (term.size < 2) return 0;
  let common = 0;
  for (const g of term) if (item.has(g)) common++;
  return common / term.size;
}

/**
 * The dictionary classifier: each scope item is matched against curated terms (longest first, non-overlapping);
 * an item with no term is compared by character bigrams with every term and counts, at half weight, for the term
 * it covers best above a threshold. Class scores add up term weight × item position weight.
 */
export class DictionaryClassifier implements ActivityClassifier {
  readonly name = 'cn-term-dictionary';
  private grams: Map<DictionaryTerm, Set<string>> | undefined;

  async classify(scope: string): Promise<ActivityPrediction[]> {
    return this.classifySync(scope);
  }

  classifySync(scope: string): ActivityPrediction[] {
    const scores = new Map<string, number>();
    const add = (nace: string, s: number) => scores.set(nace, (scores.get(nace) ?? 0) + s);
    scopeItems(scope).forEach((item, i) => {
      const w = positionWeight(i);
      const hits = this.exactHits(item);
      if (hits.length) {
        for (const h of hits) add(h.nace, h.weight * w);
        return;
      }
      for (const part of item.split('、')) {
        const fuzzy = this.nearest(part);
        if (fuzzy) add(fuzzy.term.nace, fuzzy.term.weight * fuzzy.sim * 0.5 * w);
      }
    });
    return [...scores]
      .map(([nace, score]) => ({ nace, score: Math.round(score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || a.nace.localeCompare(b.nace));
  }

  private exactHits(item: string): DictionaryTerm[] {
    const taken: boolean[] = [];
    const hits: DictionaryTerm[] = [];
    for (const t of dictionaryTerms()) {
      // Every free occurrence counts: a clause may name the same term twice only in odd scopes, but must not hide
      // a term behind an earlier, overlapping one.
      for (let at = item.indexOf(t.term); at >= 0; at = item.indexOf(t.term, at + 1)) {
        let free = true;
        for (let i = at; i < at + t.term.length; i++) if (taken[i]) free = false;
        if (!free) continue;
        for (let i = at; i < at + t.term.length; i++) taken[i] = true;
        hits.push(t);
        break;
      }
    }
    return hits;
  }

  private nearest(item: string): { term: DictionaryTerm; sim: number } | undefined {
    this.grams ??= new Map(dictionaryTerms().map((t) => [t, bigrams(t.term)]));
    const g = bigrams(item);
    let best: { term: DictionaryTerm; sim: number } | undefined;
    for (const [term, tg] of this.grams) {
      const sim = similarity(g, tg);
      if (sim >= FUZZY_MIN && (!best || sim > best.sim)) best = { term, sim };
    }
    return best;
  }
}
