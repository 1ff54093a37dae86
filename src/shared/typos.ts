// Typo tolerance of name searches: the US-NY name index and the JE registry emulator use the same rule.

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
