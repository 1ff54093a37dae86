import type { FrozenText } from './buffers.ts';
import type { TypoIndex } from './typo-index.ts';

export interface SegmentParts {
  tokens: string[];
  tokenIds: Map<string, number>;
  /** Token ids in the order of their text, for prefix ranges. */
  byText: Uint32Array;
  isStop: Uint8Array;
  postOff: Uint32Array;
  post: Uint32Array;
  nameOff: Uint32Array;
  nameToks: Uint32Array;
  nameSig: Uint8Array;
  nameEntity: Uint32Array;
  nameKind: Uint8Array;
  altOf: Uint32Array;
  altText: FrozenText;
  dosNum: Uint32Array;
  dosOrder: Uint32Array;
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

export interface EntityView {
  dosId: string;
  name: string;
  city: string;
  state: string;
  zip: string;
}
