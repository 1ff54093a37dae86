import { boundedDistance, typoBudget } from '../typos.ts';

/** Token ids must fit beside a 30-bit hash in a float64's 53 exact bits. */
export const MAX_TOKENS = 1 << 22;
const ID_SPACE = MAX_TOKENS;

function hash30(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) & 0x3fffffff;
}

/** The strings `s` becomes with one character deleted (consecutive repeats give one variant). */
function deletes1(s: string, out: string[]): void {
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && s[i] === s[i - 1]) continue;
    out.push(s.slice(0, i) + s.slice(i + 1));
  }
}

/** `s` itself and its deletion variants within a typo budget (SymSpell's neighbourhood). */
function neighbourhood(s: string, budget = typoBudget(s.length)): string[] {
  const out = [s];
  if (budget >= 1) deletes1(s, out);
  if (budget >= 2) {
    const level1 = out.slice(1);
    for (const v of level1) deletes1(v, out);
  }
  return out;
}

/**
 * Finds the vocabulary words within the typo budget of a query word (symmetric deletion: a word and a query meet
 * when a deletion variant of one equals a deletion variant of the other, then the true distance is checked).
 * Variants are kept as sorted float64 keys, hash × 2^22 + token id: compact, and one binary search per variant.
 */
export class TypoIndex {
  private constructor(
    /** The sorted variant keys (a segment built in a worker thread sends them, not the index). */
    readonly keys: Float64Array,
  ) {}

  /** The index of keys `build` sorted (transferred from a worker thread). */
  static fromKeys(keys: Float64Array): TypoIndex {
    return new TypoIndex(keys);
  }

  /** Words shorter than 3 letters take no typo and are left out. */
  static build(tokens: readonly string[]): TypoIndex {
    if (tokens.length > MAX_TOKENS) throw new Error(`the search vocabulary exceeds ${MAX_TOKENS} words`);
    let keys = new Float64Array(Math.max(1024, tokens.length * 8));
    let n = 0;
    for (let id = 0; id < tokens.length; id++) {
      const t = tokens[id]!;
      if (t.length < 3) continue;
      for (const v of neighbourhood(t)) {
        if (n === keys.length) {
          const bigger = new Float64Array(keys.length * 2);
          bigger.set(keys);
          keys = bigger;
        }
        keys[n++] = hash30(v) * ID_SPACE + id;
      }
    }
    const sorted = keys.subarray(0, n).slice().sort();
    return new TypoIndex(sorted);
  }

  get size(): number {
    return this.keys.length;
  }

  /**
   * Ids of the words within the typo budget of `query`, each with its distance (0 excluded). The budget is that of
   * the longer of the two words: a typo that deleted a letter ("srvices") must not cost the word its budget.
   */
  lookup(query: string, tokens: readonly string[]): Map<number, number> {
    const found = new Map<number, number>();
    const budget = typoBudget(query.length + 1);
    if (budget === 0) return found;
    const keys = this.keys;
    for (const v of new Set(neighbourhood(query, budget))) {
      const lo = hash30(v) * ID_SPACE;
      const hi = lo + ID_SPACE;
      let a = 0;
      let b = keys.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (keys[m]! < lo) a = m + 1;
        else b = m;
      }
      for (let k = a; k < keys.length && keys[k]! < hi; k++) {
        const id = keys[k]! - lo;
        if (found.has(id)) continue;
        const word = tokens[id]!;
        const allowed = typoBudget(Math.max(query.length, word.length));
        const d = word === query ? 0 : boundedDistance(query, word, allowed);
        if (d >= 1 && d <= allowed) found.set(id, d);
        else found.set(id, -1); // checked, too far: skip it next time
      }
    }
    for (const [id, d] of found) if (d < 1) found.delete(id);
    return found;
  }
}
