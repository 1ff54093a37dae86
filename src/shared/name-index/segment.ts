import type { EntityView, NameHit, SegmentParts } from './segment-parts.ts';
import { PREFIX_EXPANSION, prefixWeight, typoWeight, W_EXACT } from './ranking.ts';
import { restoreLoneGuesses } from './name-repeats.ts';
import { type ScanQuery, Scanner, type Slot } from './scanner.ts';
import { TopK } from './top-k.ts';

const MAX_QUERY_WORDS = 12;

/**
 * An immutable search index over the names of a set of entities: an inverted index (word → names), a forward
 * index (name → words, to score a candidate without touching the postings of other words), a prefix order and a
 * typo index over the vocabulary. A query is answered from the postings of its rarest word's expansions only.
 */
export class Segment {
  private readonly p: SegmentParts;
  private readonly slots: Uint8Array[] = [];
  private readonly scanner: Scanner;

  constructor(parts: SegmentParts) {
    this.p = parts;
    this.scanner = new Scanner(parts);
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
      // The driver's best words first, so that the top fills with good names early and the scans stop sooner.
      if (usable[0]) usable[0].ids.sort((a, b) => usable[0]!.weights[b]! - usable[0]!.weights[a]!);
      const q: ScanQuery = { slots, driver: usable[0]!, exactIds, skip: opts.skip, demoted };
      let partials: TopK | undefined;
      if (usable.length === slots.length) {
        // Narrow by the second rarest word when scoring every name of the rarest would cost more than marking. Only
        // for two words: with more, a second pass would score every name of the rarest word anyway, so the first
        // scores them once and keeps those missing a word aside.
        const second = usable[1];
        const narrow = slots.length === 2 && usable[0]!.cost > 2000 && second!.cost < 10 * usable[0]!.cost;
        const filter = narrow ? this.scanner.mark(second!) : 0;
        if (!filter && slots.length >= 2) partials = new TopK(opts.limit);
        this.scanner.scan(q, { misses: 0, top, partials, filter });
      }
      if (top.size < opts.limit && partials) {
        for (const h of partials.entries()) top.offer(h.id, h.score, h.exact, h.partial, h.rank);
      } else if (top.size < opts.limit && slots.length >= 2 && usable.length >= slots.length - 1) {
        this.scanner.scan(q, { misses: 1, top, filter: 0 });
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

  /** The vocabulary words a query word stands for, with their weights, in scratch slot `i`. */
  private expand(word: string, i: number, prefix: boolean): Slot {
    const p = this.p;
    const weights = (this.slots[i] ??= new Uint8Array(p.tokens.length));
    const ids: number[] = [];
    let best = 0;
    const set = (id: number, w: number) => {
      if (weights[id]! >= w) return;
      if (weights[id] === 0) ids.push(id);
      weights[id] = w;
      if (w > best) best = w;
    };
    const exact = p.tokenIds.get(word);
    if (exact !== undefined) set(exact, W_EXACT);
    if (prefix && word.length >= 2) {
      for (const id of this.prefixRange(word)) set(id, prefixWeight(word.length, p.tokens[id]!.length));
    }
    for (const [id, d] of p.typo.lookup(word, p.tokens)) set(id, typoWeight(d, p.tokens[id]!.charCodeAt(0) === word.charCodeAt(0)));
    let cost = 0;
    for (const id of ids) cost += this.df(id);
    return { weights, ids, best, cost };
  }

  private df(id: number): number {
    return this.p.postOff[id + 1]! - this.p.postOff[id]!;
  }

  /**
   * The vocabulary words that `word` starts, itself excepted: two binary searches over the words in text order.
   * Past PREFIX_EXPANSION, the commonest (on equal postings the first in text order), found by a threshold on the
   * postings' size rather than by sorting thousands of words by it on every keystroke.
   */
  private prefixRange(word: string): Uint32Array {
    const { byText, tokens } = this.p;
    let from = this.firstAtOrAfter(word);
    // Every word that starts with `word` sorts below `word` + U+FFFF (words are ASCII letters and digits).
    const to = this.firstAtOrAfter(`${word}\uffff`);
    if (from < to && tokens[byText[from]!] === word) from++;
    const range = byText.subarray(from, to);
    if (range.length <= PREFIX_EXPANSION) return range;
    const dfs = range.map((id) => this.df(id));
    const threshold = dfs.slice().sort()[range.length - PREFIX_EXPANSION]!;
    let above = 0;
    for (const d of dfs) if (d > threshold) above++;
    let ties = PREFIX_EXPANSION - above;
    const out = new Uint32Array(PREFIX_EXPANSION);
    let n = 0;
    for (let k = 0; k < range.length; k++) {
      if (dfs[k]! > threshold || (dfs[k] === threshold && ties-- > 0)) out[n++] = range[k]!;
    }
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
}
