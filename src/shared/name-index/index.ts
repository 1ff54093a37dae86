// The in-memory name index shared by registers that search a bulk product of their own (US-NY, GB).
export { type AltName, decodeAltNames, encodeAltNames } from './alt-names.ts';
export { type IndexHit, NameIndex, type NameMatch } from './name-index.ts';
export { type IndexedEntity, type IndexRules, SegmentBuilder } from './segment-builder.ts';
export type { Segment } from './segment.ts';
export { normaliseName, tokenize } from './tokens.ts';
export type { LineSource } from './line-source.ts';
export { WorkerSegment } from './worker-segment.ts';
