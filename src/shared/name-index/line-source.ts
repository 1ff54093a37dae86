import type { IndexedEntity, IndexRules } from './segment-builder.ts';

/**
 * How a register's product lines become indexed entities, for a segment built in a worker thread. A worker cannot
 * be handed functions: it is handed the path of a module that exports one of these as `lineSource`.
 *
 * @example
 * // src/registers/xx/search/line-source.ts
 * export const lineSource: LineSource = { indexRules: xxIndexRules, indexedEntityOfLine: (l) => indexedEntityOf(parse(l)) };
 */
export interface LineSource {
  indexRules(): IndexRules;
  /** What ends a line: `\n` unless given (a register whose values hold line feeds gives another). */
  separator?: string;
  /** The entity of one line (a line holds no separator). */
  indexedEntityOfLine(line: string): IndexedEntity;
}

/** What the main thread tells the worker: a batch of lines as UTF-8 (LineSource.separator between them); or that all were sent. */
export type ToSegmentWorker = { type: 'lines'; bytes: Uint8Array } | { type: 'build' };

export interface SegmentWorkerInput {
  /** The URL of the module exporting `lineSource`. */
  source: string;
  /** Entities expected (the builder's first allocation). */
  expected: number;
}
