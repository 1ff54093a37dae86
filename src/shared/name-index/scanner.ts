import type { SegmentParts } from './segment-parts.ts';
import { GUESS_COPIES_SHOWN, GUESS_COPY, NOT_EXACT_MAX, OUT_OF_ORDER, PARTIAL, W_EXACT } from './ranking.ts';
import type { TopK } from './top-k.ts';

/** A query word: the vocabulary words it stands for, their weights by token id, the best weight, their postings' size. */
export interface Slot {
  weights: Uint8Array;
  ids: number[];
  best: number;
  cost: number;
}

/** A query as a scan reads it. */
export interface ScanQuery {
  /** The significant words, in the query's order. */
  slots: Slot[];
  /** The rarest of them: the names scanned are those holding one of its words. */
  driver: Slot;
  /** Every word as written, legal form included, by token id (-1 when not in the vocabulary). */
  exactIds: number[];
  /** Entities to leave out. */
  skip: Uint8Array | undefined;
  /** Names ranked lower as copies of a guess (name-repeats.ts): name → score before. */
  demoted: Map<number, number>;
}

/** What one scan looks for and where it puts it. */
export interface ScanPass {
  /** 0: names holding every word; 1: names missing one word, which `top` does not hold already. */
  misses: number;
  top: TopK;
  /** In a first pass, where names missing one word go too: the second pass then needs no scan of its own. */
  partials?: TopK;
  /** Only names carrying this mark (Scanner.mark), when not 0. */
  filter: number;
}

/** A name's rank, the order of the postings (segment-builder.ts): its significant words × RANK_SIG + its id. */
const RANK_SIG = 2 ** 32;

/** Scores a query's candidate names from the postings; keeps its per-name scratch between queries. */
export class Scanner {
  private readonly p: SegmentParts;
  // Names seen in this scan, names holding the filter word: stamped with a number per scan, never cleared.
  private readonly stamps: Uint32Array;
  private stamp = 0;
  private readonly filters: Uint32Array;
  private filterStamp = 0;

  constructor(parts: SegmentParts) {
    this.p = parts;
    this.stamps = new Uint32Array(parts.nameEntity.length);
    this.filters = new Uint32Array(parts.nameEntity.length);
  }

  /** Marks every name holding one of the slot's words; returns the mark. */
  mark(slot: Slot): number {
    const { post, postOff } = this.p;
    if (++this.filterStamp === 0xffffffff) {
      this.filters.fill(0);
      this.filterStamp = 1;
    }
    const f = this.filterStamp;
    const filters = this.filters;
    for (const id of slot.ids) for (let k = postOff[id]!; k < postOff[id + 1]!; k++) filters[post[k]!] = f;
    return f;
  }

  /**
   * Scores the names in the postings of the driver's words (ranking.ts). Postings run by rising rank (significant
   * words, then id) and ties in the top go to the lower rank, so a word's scan stops once no further name could
   * enter the top.
   */
  scan(q: ScanQuery, pass: ScanPass): void {
    const { post, postOff, nameOff, nameToks, nameSig, nameEntity, nameRepeat, isStop } = this.p;
    const { slots, driver, exactIds, skip, demoted } = q;
    const { misses, top, partials, filter } = pass;
    const stamps = this.stamps;
    if (++this.stamp === 0xffffffff) {
      stamps.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const filters = this.filters;
    const weights = slots.map((s) => s.weights);
    const nq = slots.length;
    const allowed = partials ? 1 : misses;
    const exactLen = exactIds.length;
    // The most the other query words can add to a driver's word: each its best weight (0 for a word the vocabulary
    // cannot answer). In the second pass every name matching all the words is in the top already (the first pass
    // kept all it found), so a new name misses one of them: at best the weakest.
    let others = 0;
    let weakest = W_EXACT;
    for (const s of slots) {
      if (s === driver) continue;
      others += s.best;
      if (s.best < weakest) weakest = s.best;
    }
    if (misses) others -= weakest;
    const penalty = misses ? PARTIAL : 1;
    // Only a name of the query's words as written can be exact (score 1): one holding the driver's word itself,
    // with as many significant words as the query. Any other scores at most NOT_EXACT_MAX.
    let exactSig = -1;
    if (!misses && exactIds.every((t) => t >= 0)) {
      exactSig = 0;
      for (const t of exactIds) if (!isStop[t]) exactSig++;
      exactSig = Math.min(255, exactSig);
    }
    // A name holding two of the driver's words is met twice: only then must the scan remember whom it scored.
    const seen = driver.ids.length > 1;
    for (const id of driver.ids) {
      const most = (others + driver.weights[id]!) / (100 * nq);
      const exactAt = exactSig >= 0 && exactIds.includes(id) ? exactSig : -1;
      for (let k = postOff[id]!, end = postOff[id + 1]!; k < end; k++) {
        const n = post[k]!;
        const sig = nameSig[n]!;
        // Once the top is full, names missing a word no longer matter, and the scan stops when no name further on
        // can beat the least kept, or tie with it and outrank it.
        if (top.full) {
          let bound = most * (0.7 + (0.3 * nq) / Math.max(nq, sig)) * penalty;
          if (sig !== exactAt && bound > NOT_EXACT_MAX) bound = NOT_EXACT_MAX;
          const min = top.min;
          if (bound < min || (bound === min && top.minRank < sig * RANK_SIG + n)) break;
        }
        if (seen) {
          if (stamps[n] === stamp) continue;
          stamps[n] = stamp;
        }
        if (filter && filters[n] !== filter) continue;
        const start = nameOff[n]!;
        const stop = nameOff[n + 1]!;
        let sum = 0;
        let missed = 0;
        // Where the previous matched query word was found in the name: later words must be found further on.
        let lastAt = -1;
        let inOrder = true;
        let guessed = false;
        for (let s = 0; s < nq; s++) {
          const w = weights[s]!;
          let best = 0;
          let at = -1;
          for (let t = start; t < stop; t++) {
            const v = w[nameToks[t]!]!;
            if (v > best) {
              best = v;
              at = t;
            }
          }
          if (best === 0) {
            if (++missed > allowed) break;
            guessed = true;
            continue;
          }
          if (best < W_EXACT) guessed = true;
          if (at <= lastAt) inOrder = false;
          lastAt = at;
          sum += best;
        }
        if (missed > allowed) continue;
        const partial = misses > 0 || missed > 0;
        // A first pass's name missing a word goes to `partials`, scored as the second pass would.
        const into = partial && !misses ? partials! : top;
        if (into !== top && top.full) continue;
        let score = (sum / (100 * nq)) * (0.7 + (0.3 * nq) / Math.max(nq, sig)) * (partial ? PARTIAL : 1);
        if (!inOrder) score *= OUT_OF_ORDER;
        const copy = guessed && nameRepeat[n]! >= GUESS_COPIES_SHOWN;
        if (copy) score *= GUESS_COPY;
        let exact = false;
        if (!partial && stop - start === exactLen) {
          exact = true;
          for (let t = 0; t < exactLen; t++) {
            if (nameToks[start + t] !== exactIds[t]) {
              exact = false;
              break;
            }
          }
          if (exact) score = 1;
        }
        // Only the query as written scores 1: it must not tie with names that merely share its significant words.
        if (!exact && score > NOT_EXACT_MAX) score = NOT_EXACT_MAX;
        const rank = sig * RANK_SIG + n;
        // What cannot enter needs no further look (the checks below read scattered memory).
        if (into.full && (score < into.min || (score === into.min && rank > into.minRank))) continue;
        if (skip && skip[nameEntity[n]!]) continue;
        if (misses && top.has(n)) continue;
        if (copy) demoted.set(n, Math.min(NOT_EXACT_MAX, score / GUESS_COPY));
        into.offer(n, score, exact, partial, rank);
      }
    }
  }
}
