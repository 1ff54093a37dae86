import { TextStore, U32List } from './buffers.ts';
import { Segment } from './segment.ts';
import { decodeAltNames, type EntitySummary } from './summary.ts';
import { STOPWORDS, tokenize } from './tokens.ts';
import { TypoIndex } from './typo-index.ts';

/** Name kinds: the current legal name, a former legal name, an assumed name (d/b/a). */
export const KIND_CURRENT = 0;
export const KIND_FORMER = 1;
export const KIND_ASSUMED = 2;

const FS = '\u001f';

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
  private readonly dosNum = new U32List(1 << 16);
  private entities = 0;

  constructor(expectedEntities = 1024) {
    this.display = new TextStore(expectedEntities * 64, expectedEntities);
    this.altText = new TextStore(1 << 16, 1024);
    this.nameOff.push(0);
  }

  add(e: EntitySummary): void {
    const entity = this.entities++;
    this.dosNum.push(Number(e.dosId));
    this.display.add([e.dosId, e.name, e.city, e.state, e.zip].join(FS));
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
      if (!STOPWORDS.has(t)) sig++;
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
    const dosNum = this.dosNum.toArray();
    const dosOrder = Uint32Array.from({ length: this.entities }, (_, i) => i).sort((a, b) => dosNum[a]! - dosNum[b]!);
    const isStop = new Uint8Array(vocab);
    this.tokens.forEach((t, i) => (isStop[i] = STOPWORDS.has(t) ? 1 : 0));

    return new Segment({
      tokens: this.tokens,
      tokenIds: this.tokenIds,
      byText,
      isStop,
      postOff,
      post,
      nameOff,
      nameToks,
      nameSig,
      nameEntity: this.nameEntity.toArray(),
      nameKind: Uint8Array.from(this.nameKind),
      altOf: this.altOf.toArray(),
      altText: this.altText.freeze(),
      dosNum,
      dosOrder,
      display: this.display.freeze(),
      typo: TypoIndex.build(this.tokens),
    });
  }
}

/** A segment of the given entities (tests, the delta of recent changes). */
export function buildSegment(entities: Iterable<EntitySummary>): Segment {
  const b = new SegmentBuilder();
  for (const e of entities) b.add(e);
  return b.build();
}
