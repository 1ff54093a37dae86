import { type IndexedEntity, type IndexRules, KIND_CURRENT, KIND_FORMER, SegmentBuilder, buildSegment } from './segment-builder.ts';
import type { Segment } from './segment.ts';
import { tokenize } from './tokens.ts';

export type NameMatch = 'exactLegalName' | 'default' | 'previousName';

/** An entity found by name or id. */
export interface IndexHit {
  id: string;
  name: string;
  /** The entity's display fields (IndexedEntity.fields). */
  fields: string[];
  match: NameMatch | 'id';
  /** The former or assumed name that matched, for `previousName`. */
  matchedName?: string;
  matchedNameKind?: 'former' | 'assumed';
  /** Relevance, 0 to 1. */
  score: number;
}

/** Rebuild the base once the changes since it was built reach this many entities. */
const COMPACT_AFTER = 50_000;

/**
 * An in-memory name index: an immutable base segment built from a whole register, plus a small delta segment of the
 * entities changed since (rebuilt on change, in milliseconds) and tombstones over the base. Updates are therefore
 * incremental; `needsCompaction` says when the delta has grown enough to rebuild the base. Register-independent:
 * the register gives its rules (legal-form words, ids as numbers) and its entities' display fields.
 *
 * @example
 * const index = NameIndex.fromEntities(rules, entities);
 * index.search('acme holdngs', 20); // typo-tolerant, former and assumed names included
 */
export class NameIndex {
  private readonly base: Segment;
  private readonly baseDeleted: Uint8Array;
  private readonly delta = new Map<string, IndexedEntity>();
  private deltaSegment: Segment | undefined;
  private deltaDirty = false;

  constructor(
    private readonly rules: IndexRules,
    base: Segment,
  ) {
    this.base = base;
    this.baseDeleted = new Uint8Array(base.entityCount);
  }

  static fromEntities(rules: IndexRules, entities: Iterable<IndexedEntity>): NameIndex {
    return new NameIndex(rules, buildSegment(rules, entities));
  }

  static builder(rules: IndexRules, expected?: number): SegmentBuilder {
    return new SegmentBuilder(rules, expected);
  }

  get size(): number {
    let n = this.base.entityCount;
    for (let i = 0; i < this.baseDeleted.length; i++) n -= this.baseDeleted[i]!;
    return n + this.delta.size;
  }

  get baseSegment(): Segment {
    return this.base;
  }

  /** Entities changed since the base was built (they live in the delta). */
  get changed(): number {
    return this.delta.size;
  }

  get needsCompaction(): boolean {
    return this.delta.size >= COMPACT_AFTER;
  }

  /** Adds or replaces an entity. */
  upsert(e: IndexedEntity): void {
    this.hideInBase(e.id);
    this.delta.set(e.id, e);
    this.deltaDirty = true;
  }

  /** Removes an entity (it left the register). */
  remove(id: string): void {
    this.hideInBase(id);
    if (this.delta.delete(id)) this.deltaDirty = true;
  }

  /** The entities changed since the base was built, as they are now (persisting them, compaction). */
  changedEntities(): IterableIterator<IndexedEntity> {
    return this.delta.values();
  }

  private hideInBase(id: string) {
    const i = this.base.findId(this.rules.idNumber(id));
    if (i >= 0) this.baseDeleted[i] = 1;
  }

  private deltaNow(): Segment | undefined {
    if (this.deltaDirty) {
      this.deltaSegment = this.delta.size ? buildSegment(this.rules, this.delta.values()) : undefined;
      this.deltaDirty = false;
    }
    return this.deltaSegment;
  }

  /** The entity with this id, as an `id` hit. */
  byId(id: string): IndexHit | undefined {
    const d = this.delta.get(id);
    if (d) return { id, name: d.name, fields: [...d.fields], match: 'id', score: 1 };
    const i = this.base.findId(this.rules.idNumber(id));
    if (i < 0 || this.baseDeleted[i]) return undefined;
    const view = this.base.view(i);
    if (view.id !== id) return undefined;
    return { ...view, match: 'id', score: 1 };
  }

  /** The best `limit` entities for a name query, one hit per entity, best first. */
  search(query: string, limit = 20): IndexHit[] {
    const words = tokenize(query);
    if (words.length === 0) return [];
    const opts = { limit: limit * 2, prefixLast: true };
    const hits: IndexHit[] = [];
    const collect = (seg: Segment, skip?: Uint8Array) => {
      for (const h of seg.search(words, { ...opts, skip })) {
        const kind = seg.kindOf(h.name);
        // A former name sharing all but one word with the query is noise, and previousName outranks default.
        if (kind !== KIND_CURRENT && h.partial) continue;
        const view = seg.view(h.entity);
        if (kind === KIND_CURRENT) hits.push({ ...view, match: h.exact ? 'exactLegalName' : 'default', score: round(h.score) });
        else {
          hits.push({
            ...view,
            match: 'previousName',
            matchedName: seg.altName(h.name)!,
            matchedNameKind: kind === KIND_FORMER ? 'former' : 'assumed',
            score: round(h.score),
          });
        }
      }
    };
    collect(this.base, this.baseDeleted);
    const delta = this.deltaNow();
    if (delta) collect(delta);
    // Results are ordered by match type before relevance (CONTRACT §3): a previous-name hit goes above every
    // current-name (default) hit. It earns that only when it answers the query better than any current name does
    // (the query as written, score 1, always does); on a tie the companies bearing the name today are the likelier
    // answer, and former names equal to many current ones would otherwise crowd them out.
    let bestDefault = 0;
    for (const h of hits) if (h.match === 'default' && h.score > bestDefault) bestDefault = h.score;
    // One hit per entity: its best name; on a tie the current name.
    const best = new Map<string, IndexHit>();
    for (const h of hits) {
      if (h.match === 'previousName' && h.score <= bestDefault) continue;
      const prev = best.get(h.id);
      if (!prev || h.score > prev.score || (h.score === prev.score && prev.match === 'previousName' && h.match !== 'previousName'))
        best.set(h.id, h);
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).slice(0, limit);
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000;
