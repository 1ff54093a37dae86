// The module a worker thread loads to build GB's index from product lines (WorkerSegment): it is handed this path.
import type { LineSource } from '../../../shared/name-index/index.ts';
import { companyOfLine, indexedEntityOf } from './entity.ts';
import { gbIndexRules } from './rules.ts';

export const lineSource: LineSource = {
  indexRules: gbIndexRules,
  indexedEntityOfLine: (line) => indexedEntityOf(companyOfLine(line)),
};
