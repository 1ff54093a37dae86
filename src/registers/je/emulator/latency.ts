import { latencyModel } from '../../../sandbox/latency.ts';

/**
 * How long a page about `key` takes, or how long a report takes to arrive: real registry timings (a page loads in
 * one to a few seconds; a profile report is e-mailed "in about a minute", spec §2.11; the 30-minute edge case is
 * left to the operator's `latencyMs.profile`). The operator's behaviour when set: `search` for pages, `profile`,
 * else `documents`, for reports.
 */
export const latencyFor = latencyModel(
  { page: { min: 800, max: 2500 }, report: { min: 45_000, max: 90_000 } },
  { page: ['search'], report: ['profile', 'documents'] },
);
