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
    else if (c === 46 || c === 39 || c === 96) continue; // . ' `
    else {
      if (word) out.push(word);
      word = '';
      if (c === 38) out.push('and'); // &
    }
  }
  if (word) out.push(word);
  return out;
}

/** Damerau-Levenshtein (optimal string alignment) distance, or `max + 1` as soon as it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  for (let i = 1; i <= la; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[lb]!;
}

/** How many typos a query word may carry: none under 4 letters, one up to 7, two from 8. */
export const typoBudget = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);
