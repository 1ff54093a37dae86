import {
  NameIndex as SharedNameIndex,
  type IndexedEntity,
  type IndexHit as SharedHit,
  type NameMatch,
  type Segment,
  type SegmentBuilder,
} from '../../../shared/name-index/index.ts';
import { US_NY_RULES } from './rules.ts';
import type { EntitySummary } from './summary.ts';

export type { NameMatch };

/** A company found by name or id. */
export interface IndexHit {
  dosId: string;
  name: string;
  city: string;
  state: string;
  zip: string;
  match: NameMatch | 'id';
  /** The former or assumed name that matched, for `previousName`. */
  matchedName?: string;
  matchedNameKind?: 'former' | 'assumed';
  /** Relevance, 0 to 1. */
  score: number;
}

/** An entity's summary as the shared index keeps it: the legal address's city, state and zip as display fields. */
export const indexedEntityOf = (e: EntitySummary): IndexedEntity => ({
  id: e.dosId,
  name: e.name,
  fields: [e.city, e.state, e.zip],
  altNames: e.altNames,
});

function hitOf(h: SharedHit): IndexHit {
  const [city = '', state = '', zip = ''] = h.fields;
  const { id, fields: _, ...rest } = h;
  return { dosId: id, ...rest, city, state, zip };
}

/** Collects summaries for a base segment (the builder of the shared index, fed US-NY summaries). */
export class UsNyIndexBuilder {
  private readonly builder: SegmentBuilder;

  constructor(expected?: number) {
    this.builder = SharedNameIndex.builder(US_NY_RULES, expected);
  }

  add(e: EntitySummary): void {
    this.builder.add(indexedEntityOf(e));
  }

  get size(): number {
    return this.builder.size;
  }

  build(): Segment {
    return this.builder.build();
  }
}

/**
 * The US-NY name index: the shared in-memory index (src/search/name-index) with US-NY's legal-form words, over the
 * entities' summaries (city, state and zip shown with a hit).
 *
 * @example
 * const index = NameIndex.fromEntities(summaries);
 * index.search('acme holdngs', 20); // typo-tolerant, former and assumed names included
 */
export class NameIndex {
  private readonly index: SharedNameIndex;

  constructor(base: Segment) {
    this.index = new SharedNameIndex(US_NY_RULES, base);
  }

  static fromEntities(entities: Iterable<EntitySummary>): NameIndex {
    const b = new UsNyIndexBuilder();
    for (const e of entities) b.add(e);
    return new NameIndex(b.build());
  }

  static builder(expected?: number): UsNyIndexBuilder {
    return new UsNyIndexBuilder(expected);
  }

  get size(): number {
    return this.index.size;
  }

  get baseSegment(): Segment {
    return this.index.baseSegment;
  }

  get needsCompaction(): boolean {
    return this.index.needsCompaction;
  }

  /** Adds or replaces an entity. */
  upsert(e: EntitySummary): void {
    this.index.upsert(indexedEntityOf(e));
  }

  /** Removes an entity (it left the register). */
  remove(dosId: string): void {
    this.index.remove(dosId);
  }

  /** The entity with this dosId, as an `id` hit. */
  byDosId(dosId: string): IndexHit | undefined {
    const h = this.index.byId(dosId);
    return h && hitOf(h);
  }

  /** The best `limit` companies for a name query, one hit per company, best first. */
  search(query: string, limit = 20): IndexHit[] {
    return this.index.search(query, limit).map(hitOf);
  }
}
