/**
 * Each name's copy number among the names of its kind that hold the same significant words in the same order
 * ("SMITH REALTY LIMITED" and "SMITH REALTY LTD" are copies): 0 for the first met, 1 for the next…, capped at 255.
 *
 * Why: a register holds dozens of companies of one name. When a query had to be completed or corrected ("kumar ca",
 * "zalar"), each name it reaches is a guess, and the top results should show several guesses (KUMAR CAFE, KUMAR
 * CARE…) rather than every company of the first one (Segment.scan ranks copies past the first few lower).
 *
 * Names are keyed by two 32-bit hashes of their words (a collision of both is about one in 2^64 per pair) in an open-
 * addressing table: millions of names, no string keys.
 */
export function repeatRanks(nameOff: Uint32Array, nameToks: Uint32Array, nameKind: Uint8Array, isStop: Uint8Array): Uint8Array {
  const names = nameKind.length;
  const ranks = new Uint8Array(names);
  let capacity = 1024;
  while (capacity < names * 1.5) capacity *= 2;
  const mask = capacity - 1;
  const keyA = new Uint32Array(capacity);
  const keyB = new Uint32Array(capacity);
  const seen = new Uint8Array(capacity);
  for (let n = 0; n < names; n++) {
    const start = nameOff[n]!;
    const stop = nameOff[n + 1]!;
    let significant = 0;
    for (let k = start; k < stop; k++) if (!isStop[nameToks[k]!]) significant++;
    let a = 0x811c9dc5 ^ nameKind[n]!;
    let b = 0x9e3779b9 ^ nameKind[n]!;
    for (let k = start; k < stop; k++) {
      const t = nameToks[k]!;
      // A name of legal-form words alone ("THE COMPANY LIMITED") is keyed by all of them.
      if (significant && isStop[t]) continue;
      a = Math.imul(a ^ t, 0x01000193);
      b = Math.imul(b ^ t, 0x5bd1e995);
      b ^= b >>> 13;
    }
    a = (a ^ (a >>> 16)) >>> 0 || 1; // 0 marks an empty slot
    b >>>= 0;
    let slot = a & mask;
    while (keyA[slot] !== 0 && (keyA[slot] !== a || keyB[slot] !== b)) slot = (slot + 1) & mask;
    keyA[slot] = a;
    keyB[slot] = b;
    ranks[n] = seen[slot]!;
    if (seen[slot]! < 255) seen[slot]!++;
  }
  return ranks;
}

interface RankedName {
  id: number;
  score: number;
}

/**
 * Gives back their score to the demoted copies (`demoted`: name → score before) that no other guess took the place
 * of: a copy keeps its lower score only when a name that is not its copy ranks between the two scores. A query with
 * one plausible answer ("baseball associ": only BASEBALL ASSOCIATION) then lists its companies as it would without
 * the rule. Hits best first, on a tie the lower name id (TopK's order), and so returned.
 */
export function restoreLoneGuesses<H extends RankedName>(
  hits: H[],
  demoted: ReadonlyMap<number, number>,
  copies: (a: number, b: number) => boolean,
): H[] {
  if (demoted.size === 0) return hits;
  let changed = false;
  const restored = hits.map((h) => {
    const before = demoted.get(h.id);
    if (before === undefined) return h;
    const displaced = hits.some((o) => o.score >= h.score && o.score < before && o.id !== h.id && !copies(o.id, h.id));
    if (displaced) return h;
    changed = true;
    return { ...h, score: before };
  });
  return changed ? restored.sort((a, b) => b.score - a.score || a.id - b.id) : hits;
}
