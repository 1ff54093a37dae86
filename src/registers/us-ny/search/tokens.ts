import { readFileSync } from 'node:fs';
import { z } from 'zod';

const stop = z.object({ words: z.array(z.string()) }).parse(JSON.parse(readFileSync(new URL('./stopwords.json', import.meta.url), 'utf8')));
export const STOPWORDS: ReadonlySet<string> = new Set(stop.words);

/**
 * A name as search compares it: accents removed, lower case, dots and apostrophes dropped ("L.L.C." is "llc",
 * "O'BRIEN" is "obrien"), `&` read as "and", anything else not a letter or digit a space.
 */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a name, normalised as normaliseName does (a fast path for plain ASCII, which nearly all are). */
export function tokenize(s: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 126) {
      const n = normaliseName(s);
      return n ? n.split(' ') : [];
    }
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) word += String.fromCharCode(c);
    else if (c === 46 || c === 39 || c === 96)
      continue; // . ' `
    else {
      if (word) out.push(word);
      word = '';
      if (c === 38) out.push('and'); // &
    }
  }
  if (word) out.push(word);
  return out;
}

// Scratch of boundedDistance, reused: the last row where each character occurred in `a` (words are ASCII here),
// and the distance matrix.
const lastRowOf = new Int32Array(128);
let matrix = new Int32Array(1024);

/**
 * Damerau-Levenshtein distance (transpositions count one, and may sit next to other edits: two typos in a word give
 * at most 2, which the restricted "optimal string alignment" form does not promise), or `max + 1` once it must
 * exceed `max`. Lowrance-Wagner; `a` and `b` are normalised words (ASCII letters and digits).
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  const inf = la + lb;
  const w = lb + 2;
  // d[(i + 1) * w + (j + 1)] is the distance of a[0, i) and b[0, j); row and column 0 hold the sentinel.
  if (matrix.length < (la + 2) * w) matrix = new Int32Array((la + 2) * w * 2);
  const d = matrix;
  d[0] = inf;
  for (let i = 0; i <= la; i++) {
    d[(i + 1) * w] = inf;
    d[(i + 1) * w + 1] = i;
  }
  for (let j = 0; j <= lb; j++) {
    d[j + 1] = inf;
    d[w + j + 1] = j;
  }
  lastRowOf.fill(0);
  for (let i = 1; i <= la; i++) {
    const ca = a.charCodeAt(i - 1) & 127;
    let lastColMatch = 0;
    let rowMin = inf;
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1) & 127;
      const k = lastRowOf[cb]!;
      const l = lastColMatch;
      const cost = ca === cb ? 0 : 1;
      if (cost === 0) lastColMatch = j;
      const v = Math.min(
        d[i * w + j]! + cost, // substitution or match
        d[(i + 1) * w + j]! + 1, // insertion
        d[i * w + j + 1]! + 1, // deletion
        d[k * w + l]! + (i - k - 1) + 1 + (j - l - 1), // transposition, with what lies between deleted or inserted
      );
      d[(i + 1) * w + j + 1] = v;
      if (v < rowMin) rowMin = v;
    }
    lastRowOf[ca] = i;
    // No later cell is below this row's minimum (a transposition that skips the row pays for what it skips).
    if (rowMin > max) return max + 1;
  }
  const result = d[(la + 1) * w + lb + 1]!;
  return result > max ? max + 1 : result;
}

/** How many typos a query word may carry: none under 4 letters, one up to 7, two from 8. */
export const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);
