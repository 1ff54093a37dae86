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
