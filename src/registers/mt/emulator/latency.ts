import { behaviourLatency, scaleLatency, type CallKind, type SandboxLatency, type SandboxRecord } from '../../../sandbox/store.ts';
import { hashUnit } from './random.ts';

/** Real timings of the online system: pages answer in a second or two, a document retrieval is processed in up to a minute. */
const REALISTIC = {
  search: { min: 600, max: 2500 },
  profile: { min: 500, max: 2000 },
  documents: { min: 5_000, max: 60_000 },
} as const;

/**
 * How long a call about `key` (a query, a number, a file) takes: the operator's behaviour when set, else a stable
 * share of the realistic range, scaled by SANDBOX_LATENCY.
 */
export function latencyFor(kind: CallKind, key: string, level: SandboxLatency, stored?: SandboxRecord): number {
  const set = stored && behaviourLatency(stored.behaviour, kind);
  if (set !== undefined) return set;
  const { min, max } = REALISTIC[kind];
  return scaleLatency(Math.round(min + hashUnit(`${kind}:${key}`) * (max - min)), level);
}
