// The typo rule of the name searches (one typo from 4 letters, two from 8), shared with the US-NY name index.
import { boundedDistance, typoBudget } from '../../../shared/typos.ts';
import { normaliseName } from '../mapping/names.ts';
import type { RegistryEntity } from './directory.ts';

/** The registry pages its name search by this many results (spec §8). */
export const PAGE_SIZE = 100;

export interface SearchHit {
  entity: RegistryEntity;
  /** The former name the query matched, when it matched no current name better. */
  previousName?: string;
  score: number;
}

// Words every other name carries: they neither make nor break a match.
const LEGAL_WORDS = new Set(['limited', 'ltd', 'plc', 'llp', 'lp', 'slp', 'ilp', 'icc', 'pcc', 'company', 'co', 'the', 'and']);

const significant = (words: string[]) => {
  const kept = words.filter((w) => !LEGAL_WORDS.has(w));
  return kept.length ? kept : words;
};

/** 1 when a name word starts with the query word; 0.8 within a typo (two from 8 letters) of it or of its start; else 0. */
function wordMatch(q: string, word: string): number {
  if (word.startsWith(q)) return 1;
  const allowed = typoBudget(q.length);
  if (allowed === 0) return 0;
  const near = [word, word.slice(0, q.length), word.slice(0, q.length + 1)].some((w) => boundedDistance(q, w, allowed) <= allowed);
  return near ? 0.8 : 0;
}

/**
 * How well a query matches one name, 0 (not at all) to 1 (the same name): every query word must match a different word
 * of the name (its start, or within a typo), in any order; the score grows with how much of the name the query covers.
 */
export function nameScore(query: string, name: string): number {
  const q = normaliseName(query);
  const n = normaliseName(name);
  if (!q || !n) return 0;
  if (q === n) return 1;
  const qAll = q.split(' ');
  const qWords = significant(qAll);
  // A query of legal words only ("Limited") is matched against the whole name.
  const nWords = qWords === qAll && qAll.every((w) => LEGAL_WORDS.has(w)) ? n.split(' ') : significant(n.split(' '));
  const used = new Set<number>();
  let quality = 1;
  for (const w of qWords) {
    let best = -1;
    let bestScore = 0;
    nWords.forEach((nw, j) => {
      const m = used.has(j) ? 0 : wordMatch(w, nw);
      if (m > bestScore) [best, bestScore] = [j, m];
    });
    if (best < 0) return 0;
    used.add(best);
    quality = Math.min(quality, bestScore);
  }
  return (0.5 + 0.45 * Math.min(1, qWords.join('').length / nWords.join('').length)) * quality;
}

/**
 * The registry's name search (registers/je.md): current and former names, fuzzy, best first, one page of at most
 * PAGE_SIZE. A hit carries the former name it matched when that matched better than the current name.
 */
export function searchNames(query: string, entities: readonly RegistryEntity[], page = 1): { total: number; hits: SearchHit[] } {
  const hits: SearchHit[] = [];
  for (const entity of entities) {
    const current = nameScore(query, entity.record.entity.name);
    let best: SearchHit | undefined = current > 0 ? { entity, score: current } : undefined;
    for (const prev of entity.record.entity.previousNames) {
      const score = nameScore(query, prev.name);
      if (score > (best?.score ?? 0)) best = { entity, previousName: prev.name, score };
    }
    if (best) hits.push(best);
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      Number(!!a.previousName) - Number(!!b.previousName) ||
      a.entity.record.entity.name.localeCompare(b.entity.record.entity.name, 'en'),
  );
  const start = (Math.max(1, page) - 1) * PAGE_SIZE;
  return { total: hits.length, hits: hits.slice(start, start + PAGE_SIZE) };
}
