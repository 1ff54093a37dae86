import { latencyModel } from '../../../sandbox/latency.ts';

/**
 * How long a call about `key` (a query, a number, a file) takes: real timings of the online system (pages answer in
 * a second or two, a document retrieval is processed in up to a minute); the operator's behaviour when set.
 */
export const latencyFor = latencyModel({
  search: { min: 600, max: 2500 },
  profile: { min: 500, max: 2000 },
  documents: { min: 5_000, max: 60_000 },
});
