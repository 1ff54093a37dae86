import { behaviourLatency, scaleLatency, type CallKind, type SandboxLatency, type SandboxRecord } from '../../../sandbox/store.ts';
import { unitHash } from './random.ts';

/** Real portal timings (spec §2.11, §8): a search takes 1 to 3 minutes, a report up to 7. */
const REALISTIC = {
  search: { min: 60_000, max: 180_000 },
  profile: { min: 60_000, max: 420_000 },
  documents: { min: 60_000, max: 420_000 },
} as const;

/**
 * How long a call about `key` (a keyword or a code) takes: the operator's behaviour when set, else a stable share
 * of the realistic range, scaled by SANDBOX_LATENCY.
 */
export function latencyFor(kind: CallKind, key: string, level: SandboxLatency, stored?: SandboxRecord): number {
  const set = stored && behaviourLatency(stored.behaviour, kind);
  if (set !== undefined) return set;
  const { min, max } = REALISTIC[kind];
  return scaleLatency(Math.round(min + unitHash(`${kind}:${key}`) * (max - min)), level);
}

/** How long the portal tells a client to wait between polls of a report. */
export function pollHintMs(level: SandboxLatency): number {
  return Math.max(20, scaleLatency(10_000, level));
}
