// The module a worker thread loads to build US-NY's index from the store's index rows (WorkerSegment).
import type { LineSource } from '../../../shared/name-index/index.ts';
import { INDEX_RECORD_SEPARATOR, indexRowOfRecord } from '../repositories/entities.ts';
import { indexedEntityOf } from './name-index.ts';
import { US_NY_RULES } from './rules.ts';
import { summaryOfPacked } from './summary.ts';

export const lineSource: LineSource = {
  indexRules: () => US_NY_RULES,
  separator: INDEX_RECORD_SEPARATOR,
  indexedEntityOfLine(record) {
    const r = indexRowOfRecord(record);
    return indexedEntityOf(summaryOfPacked(r.dosId, r.row, r.altNames));
  },
};
