import type { EntityView, NameHit, SegmentParts } from './segment-parts.ts';
import {
  GUESS_COPIES_SHOWN,
  GUESS_COPY,
  NOT_EXACT_MAX,
  OUT_OF_ORDER,
  PARTIAL,
  PREFIX_EXPANSION,
  prefixWeight,
  typoWeight,
  W_EXACT,
} from './ranking.ts';
import { restoreLoneGuesses } from './name-repeats.ts';
import { TopK } from './top-k.ts';

const MAX_QUERY_WORDS = 12;
/** A name's rank, the order of the postings: its significant words × RANK_SIG + its id. */
const RANK_SIG = 2 ** 32;

interface Slot {
  weights: Uint8Array;
  ids: number[];
  cost: number;
}

/**
 * An immutable search index over the names of a set of entities: an inverted index (word → names), a forward
 * index (name → words, to score a candidate without touching the postings of other words), a prefix order and a
 * typo index over the vocabulary. A query is answered from the postings of its rarest word's expansions only.
 */
export class Segment {
  private readonly p: SegmentParts;
  private readonly slots: Uint8Array[] = [];
  // Per-query scratch, reused: names seen in this scan, names holding the filter word.
  private readonly stamps: Uint32Array;
  private stamp = 0;
  private readonly filters: Uint32Array;
  private filterStamp = 0;

  constructor(parts: SegmentParts) {
    this.p = parts;
    this.stamps = new Uint32Array(parts.nameEntity.length);
    this.filters = new Uint32Array(parts.nameEntity.length);
  }

  get entityCount(): number {
    return this.p.idNum.length;
  }

  get nameCount(): number {
    return this.p.nameEntity.length;
  }

  get vocabularySize(): number {
    return this.p.tokens.length;
  }

  /** Approximate bytes held, for the benchmarks. */
  get bytes(): number {
    const p = this.p;
    const arrays = [
      p.byText,
      p.isStop,
      p.postOff,
      p.post,
      p.nameOff,
      p.nameToks,
      p.nameSig,
      p.nameEntity,
      p.nameKind,
      p.nameRepeat,
      p.altOf,
      p.idNum,
      p.idOrder,
    ];
    return arrays.reduce((s, a) => s + a.byteLength, 0) + p.altText.bytes + p.display.bytes + p.typo.size * 8 + p.tokens.length * 40;
  }

  view(entity: number): EntityView {
    const [id = '', name = '', ...fields] = this.p.display.get(entity).split('\u001f');
    return { id, name, fields };
  }

  kindOf(name: number): number {
    return this.p.nameKind[name]!;
  }

  /** The text of a former or assumed name (the current one is the entity's name). */
  altName(name: number): string | undefined {
    const i = this.p.altOf[name]!;
    return i === 0xffffffff ? undefined : this.p.altText.get(i);
  }

  /** The entity whose id has this number (IndexRules.idNumber), or -1. */
  findId(idNumber: number): number {
    const { idNum, idOrder } = this.p;
    let a = 0;
    let b = idOrder.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (idNum[idOrder[m]!]! < idNumber) a = m + 1;
      else b = m;
    }
    return a < idOrder.length && idNum[idOrder[a]!] === idNumber ? idOrder[a]! : -1;
  }

  /**
   * Names matching the query words (normalised), best first. Every significant query word must match a word of
   * the name (exactly, by prefix for the last word when `prefixLast`, or within its typo budget); when that finds
   * fewer than `limit`, names that hold the rarest word but miss one other are added at a lower score, marked
   * `partial`. `skip` marks entities to leave out.
   */
  search(words: readonly string[], opts: { limit: number; prefixLast: boolean; skip?: Uint8Array }): NameHit[] {
    const all = words.slice(0, 32);
    const stopwords = this.p.stopwords;
    const vocab = this.p.tokenIds;
    // A one-letter word the vocabulary lacks is a word being typed: it cannot narrow anything yet.
    let sig = [...new Set(all.filter((w) => !stopwords.has(w) && (w.length > 1 || vocab.has(w))))];
    if (sig.length === 0) sig = [...new Set(all)];
    sig = sig.slice(0, MAX_QUERY_WORDS);
    const lastWord = all[all.length - 1];
    const slots = sig.map((w, i) => this.expand(w, i, opts.prefixLast && w === lastWord));
    const exactIds = all.map((w) => vocab.get(w) ?? -1);
    const top = new TopK(opts.limit);
    const demoted = new Map<number, number>();
    try {
      const usable = slots.filter((s) => s.ids.length > 0).sort((a, b) => a.cost - b.cost);
      if (usable.length === slots.length) {
        // Narrow by the second rarest word when scoring every name of the rarest would cost more than marking.
        const second = usable[1];
        const filter = second && usable[0]!.cost > 2000 && second.cost < 10 * usable[0]!.cost ? this.mark(second) : 0;
        this.scan(usable[0]!, slots, 0, exactIds, top, opts.skip, filter, demoted);
      }
      if (top.size < opts.limit && slots.length >= 2 && usable.length >= slots.length - 1) {
        this.scan(usable[0]!, slots, 1, exactIds, top, opts.skip, 0, demoted);
      }
    } finally {
      for (const s of slots) for (const id of s.ids) s.weights[id] = 0;
    }
    const hits = restoreLoneGuesses(top.sorted(), demoted, (a, b) => this.sameName(a, b));
    return hits.map((h) => ({ entity: this.p.nameEntity[h.id]!, name: h.id, score: h.score, exact: h.exact, partial: h.partial }));
  }

  /** Whether two names (current or not) hold the same significant words in the same order: the same guess. */
  private sameName(a: number, b: number): boolean {
    const { nameOff, nameToks, isStop } = this.p;
    const words = (n: number) => {
      const all = nameToks.subarray(nameOff[n]!, nameOff[n + 1]!);
      const significant = all.filter((t) => !isStop[t]);
      return significant.length ? significant : all;
    };
    const x = words(a);
    const y = words(b);
    return x.length === y.length && x.every((t, i) => t === y[i]);
  }

  /** The vocabulary words a query word stands for, with their weights, in scratch slot `i`; best words first. */
  private expand(word: string, i: number, prefix: boolean): Slot {
    const p = this.p;
    const weights = (this.slots[i] ??= new Uint8Array(p.tokens.length));
    const ids: number[] = [];
    const set = (id: number, w: number) => {
      if (weights[id]! >= w) return;
      if (weights[id] === 0) ids.push(id);
      weights[id] = w;
    };
    const exact = p.tokenIds.get(word);
    if (exact !== undefined) set(exact, W_EXACT);
    if (prefix && word.length >= 2) {
      let range = this.prefixRange(word);
      if (range.length > PREFIX_EXPANSION) range = range.sort((a, b) => this.df(b) - this.df(a)).slice(0, PREFIX_EXPANSION);
      for (const id of range) set(id, prefixWeight(word.length, p.tokens[id]!.length));
    }
    for (const [id, d] of p.typo.lookup(word, p.tokens)) set(id, typoWeight(d, p.tokens[id]!.charCodeAt(0) === word.charCodeAt(0)));
    ids.sort((a, b) => weights[b]! - weights[a]!);
    let cost = 0;
    for (const id of ids) cost += this.df(id);
    return { weights, ids, cost };
  }

  private df(id: number): number {
    return this.p.postOff[id + 1]! - this.p.postOff[id]!;
  }

  /** Marks every name holding one of the slot's words; returns the mark. */
  private mark(slot: Slot): number {
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

  /** The vocabulary words that `word` starts, itself excepted: two binary searches over the words in text order. */
  private prefixRange(word: string): number[] {
    const { byText } = this.p;
    const from = this.firstAtOrAfter(word);
    // Every word that starts with `word` sorts below `word` + U+FFFF (words are ASCII letters and digits).
    const to = this.firstAtOrAfter(`${word}\uffff`);
    const out: number[] = [];
    for (let k = from; k < to; k++) if (this.p.tokens[byText[k]!] !== word) out.push(byText[k]!);
    return out;
  }

  private firstAtOrAfter(text: string): number {
    const { byText, tokens } = this.p;
    let a = 0;
    let b = byText.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (tokens[byText[m]!]! < text) a = m + 1;
      else b = m;
    }
    return a;
  }

  /**
   * Scores the names in the postings of the driver's words; a name may miss at most `misses` query words, and must
   * carry the mark `filter` when one is given. Postings run from the best-covered names down, so a word's scan
   * stops once no further name could enter the top.
   */
  private scan(
    driver: Slot,
    slots: Slot[],
    misses: number,
    exactIds: number[],
    top: TopK,
    skip: Uint8Array | undefined,
    filter: number,
    demoted: Map<number, number>,
  ): void {
    const { post, postOff, nameOff, nameToks, nameSig, nameEntity, nameRepeat, isStop } = this.p;
    const stamps = this.stamps;
    if (++this.stamp === 0xffffffff) {
      stamps.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const filters = this.filters;
    const weights = slots.map((s) => s.weights);
    const nq = slots.length;
    const penalty = misses ? PARTIAL : 1;
    const exactLen = exactIds.length;
    // The most the other query words can add to a driver's word: each its best weight (0 for a word the vocabulary
    // cannot answer). In the second pass every name matching all the words is in the top already (the first pass
    // kept all it found), so a new name misses one of them: at best the weakest.
    let others = 0;
    let weakest = W_EXACT;
    for (const s of slots) {
      if (s === driver) continue;
      const best = s.ids.length ? s.weights[s.ids[0]!]! : 0;
      others += best;
      if (best < weakest) weakest = best;
    }
    if (misses) others -= weakest;
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
        // Postings run by rising rank (significant words, then id): once the best score a name further on could
        // have is below the top's least, or equal to it with a higher rank, none of them can enter.
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
            if (++missed > misses) break;
            guessed = true;
            continue;
          }
          if (best < W_EXACT) guessed = true;
          if (at <= lastAt) inOrder = false;
          lastAt = at;
          sum += best;
        }
        if (missed > misses) continue;
        let score = (sum / (100 * nq)) * (0.7 + (0.3 * nq) / Math.max(nq, sig)) * penalty;
        if (!inOrder) score *= OUT_OF_ORDER;
        const copy = guessed && nameRepeat[n]! >= GUESS_COPIES_SHOWN;
        if (copy) score *= GUESS_COPY;
        let exact = false;
        if (!misses && stop - start === exactLen) {
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
        // What cannot enter the top needs no further look (the checks below read scattered memory).
        if (top.full && (score < top.min || (score === top.min && rank > top.minRank))) continue;
        if (skip && skip[nameEntity[n]!]) continue;
        if (misses && top.has(n)) continue;
        if (copy) demoted.set(n, Math.min(NOT_EXACT_MAX, score / GUESS_COPY));
        top.offer(n, score, exact, misses > 0, rank);
      }
    }
  }
}
