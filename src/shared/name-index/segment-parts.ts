import type { FrozenText } from './buffers.ts';
import type { TypoIndex } from './typo-index.ts';

export interface SegmentParts {
  tokens: string[];
  tokenIds: Map<string, number>;
  /** Token ids in the order of their text, for prefix ranges. */
  byText: Uint32Array;
  isStop: Uint8Array;
  /** The register's words that say what kind of entity a name is, not which one (legal forms, articles). */
  stopwords: ReadonlySet<string>;
  postOff: Uint32Array;
  post: Uint32Array;
  nameOff: Uint32Array;
  nameToks: Uint32Array;
  nameSig: Uint8Array;
  nameEntity: Uint32Array;
  nameKind: Uint8Array;
  /** Each name's copy number among names with the same significant words (repeatRanks). */
  nameRepeat: Uint8Array;
  altOf: Uint32Array;
  altText: FrozenText;
  /** Each entity's id as a number (IndexRules.idNumber), and the entities in that order: lookups by id. */
  idNum: Uint32Array;
  idOrder: Uint32Array;
  display: FrozenText;
  typo: TypoIndex;
}

/** A name that answers a query. */
export interface NameHit {
  entity: number;
  name: number;
  score: number;
  exact: boolean;
  /** Found missing one query word. */
  partial: boolean;
}

/** What a hit shows of its entity: its id, current name and the register's display fields (city, postcode…). */
export interface EntityView {
  id: string;
  name: string;
  fields: string[];
}
