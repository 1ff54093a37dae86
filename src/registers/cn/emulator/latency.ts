import type { SandboxLatency } from '../../../sandbox/store.ts';
import { scaleLatency } from '../../../sandbox/store.ts';
import { latencyModel } from '../../../sandbox/latency.ts';

/**
 * How long a call about `key` (a keyword or a code) takes: real portal timings (spec §2.11, §8): a search takes 1
 * to 3 minutes, a report up to 7; the operator's behaviour when set.
 */
export const latencyFor = latencyModel({
  search: { min: 60_000, max: 180_000 },
  profile: { min: 60_000, max: 420_000 },
  documents: { min: 60_000, max: 420_000 },
});

/** How long the portal tells a client to wait between polls of a report. */
export function pollHintMs(level: SandboxLatency): number {
  return Math.max(20, scaleLatency(10_000, level));
}
