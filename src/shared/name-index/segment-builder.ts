import { TextStore, U32List } from './buffers.ts';
import { repeatRanks } from './name-repeats.ts';
import { Segment } from './segment.ts';
import type { SegmentParts } from './segment-parts.ts';
import { decodeAltNames } from './alt-names.ts';
import { tokenize } from './tokens.ts';
import { TypoIndex } from './typo-index.ts';

/** Name kinds: the current legal name, a former legal name, an assumed name (d/b/a). */
export const KIND_CURRENT = 0;
export const KIND_FORMER = 1;
export const KIND_ASSUMED = 2;

const FS = '\u001f';

/** What the index keeps of an entity. */
export interface IndexedEntity {
  id: string;
  /** The current name. */
  name: string;
  /** What a hit shows besides id and name (city, postcode, status…), in the register's order; no U+001F inside. */
  fields: readonly string[];
  /** Former and assumed names (encodeAltNames). */
  altNames: string;
}

/** What differs between registers: their legal-form words, and how an id becomes a number for lookups. */
export interface IndexRules {
  /** Words that say what kind of entity a name is, not which one: they match, but do not count as significant. */
  stopwords: ReadonlySet<string>;
  /** A distinct number below 2^32 for each id (a register's ids are numbers, or a prefix and a number). */
  idNumber(id: string): number;
}

/**
 * Collects entities, then freezes them into an immutable Segment. Everything lives in typed arrays and byte
 * buffers: at 4.3 million entities (5 million names) objects per name would not fit a default heap.
 */
export class SegmentBuilder {
  private readonly tokenIds = new Map<string, number>();
  private readonly tokens: string[] = [];
  private readonly nameOff = new U32List(1 << 16);
  private readonly nameToks = new U32List(1 << 18);
  private readonly nameEntity = new U32List(1 << 16);
  private readonly nameKind: number[] = [];
  private readonly nameSig: number[] = [];
  private readonly altText: TextStore;
  private readonly altOf = new U32List(1 << 16);
  private readonly display: TextStore;
  private readonly idNum = new U32List(1 << 16);
  private entities = 0;

  constructor(
    private readonly rules: IndexRules,
    expectedEntities = 1024,
  ) {
    this.display = new TextStore(expectedEntities * 64, expectedEntities);
    this.altText = new TextStore(1 << 16, 1024);
    this.nameOff.push(0);
  }

  add(e: IndexedEntity): void {
    const entity = this.entities++;
    this.idNum.push(this.rules.idNumber(e.id));
    this.display.add([e.id, e.name, ...e.fields].join(FS));
    this.addName(entity, KIND_CURRENT, e.name, -1);
    for (const alt of decodeAltNames(e.altNames)) {
      this.addName(entity, alt.kind === 'former' ? KIND_FORMER : KIND_ASSUMED, alt.name, this.altText.add(alt.name));
    }
  }

  private addName(entity: number, kind: number, text: string, alt: number): void {
    let sig = 0;
    for (const t of tokenize(text)) {
      let id = this.tokenIds.get(t);
      if (id === undefined) {
        id = this.tokens.length;
        this.tokens.push(t);
        this.tokenIds.set(t, id);
      }
      this.nameToks.push(id);
      if (!this.rules.stopwords.has(t)) sig++;
    }
    this.nameOff.push(this.nameToks.length);
    this.nameEntity.push(entity);
    this.nameKind.push(kind);
    this.nameSig.push(Math.min(255, sig));
    this.altOf.push(alt < 0 ? 0xffffffff : alt);
  }

  get size(): number {
    return this.entities;
  }

  build(): Segment {
    return new Segment(this.buildParts());
  }

  /** The frozen parts of the segment (a worker thread transfers them to the thread that searches). */
  buildParts(): SegmentParts {
    const names = this.nameEntity.length;
    const nameOff = this.nameOff.toArray();
    const nameToks = this.nameToks.toArray();
    const vocab = this.tokens.length;

    // Postings: token → names, each name once per token, ordered by how few significant words the name has (then
    // by id): a scan meets the best-covered names first and can stop early (Segment.scan).
    const nameSig = Uint8Array.from(this.nameSig);
    const bySig = new Uint32Array(names);
    {
      const count = new Uint32Array(257);
      for (let n = 0; n < names; n++) count[nameSig[n]! + 1]!++;
      for (let v = 1; v < 257; v++) count[v]! += count[v - 1]!;
      for (let n = 0; n < names; n++) bySig[count[nameSig[n]!]!++] = n;
    }
    const df = new Uint32Array(vocab);
    const last = new Int32Array(vocab).fill(-1);
    for (let n = 0; n < names; n++) {
      for (let k = nameOff[n]!; k < nameOff[n + 1]!; k++) {
        const t = nameToks[k]!;
        if (last[t] !== n) {
          last[t] = n;
          df[t]!++;
        }
      }
    }
    const postOff = new Uint32Array(vocab + 1);
    for (let t = 0; t < vocab; t++) postOff[t + 1] = postOff[t]! + df[t]!;
    const post = new Uint32Array(postOff[vocab]!);
    const fill = postOff.slice(0, vocab);
    last.fill(-1);
    for (let i = 0; i < names; i++) {
      const n = bySig[i]!;
      for (let k = nameOff[n]!; k < nameOff[n + 1]!; k++) {
        const t = nameToks[k]!;
        if (last[t] !== n) {
          last[t] = n;
          post[fill[t]!++] = n;
        }
      }
    }

    const byText = Uint32Array.from({ length: vocab }, (_, i) => i).sort((a, b) => (this.tokens[a]! < this.tokens[b]! ? -1 : 1));
    const idNum = this.idNum.toArray();
    const idOrder = Uint32Array.from({ length: this.entities }, (_, i) => i).sort((a, b) => idNum[a]! - idNum[b]!);
    const stopwords = this.rules.stopwords;
    const isStop = new Uint8Array(vocab);
    this.tokens.forEach((t, i) => (isStop[i] = stopwords.has(t) ? 1 : 0));

    const nameKind = Uint8Array.from(this.nameKind);
    return {
      tokens: this.tokens,
      tokenIds: this.tokenIds,
      byText,
      isStop,
      stopwords,
      postOff,
      post,
      nameOff,
      nameToks,
      nameSig,
      nameEntity: this.nameEntity.toArray(),
      nameKind,
      nameRepeat: repeatRanks(nameOff, nameToks, nameKind, isStop),
      altOf: this.altOf.toArray(),
      altText: this.altText.freeze(),
      idNum,
      idOrder,
      display: this.display.freeze(),
      typo: TypoIndex.build(this.tokens),
    };
  }
}

/** A segment of the given entities (tests, the delta of recent changes). */
export function buildSegment(rules: IndexRules, entities: Iterable<IndexedEntity>): Segment {
  const b = new SegmentBuilder(rules);
  for (const e of entities) b.add(e);
  return b.build();
}
