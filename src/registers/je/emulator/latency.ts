import { createHash } from 'node:crypto';
import { behaviourLatency, scaleLatency, type SandboxLatency, type SandboxRecord } from '../../../sandbox/store.ts';

/**
 * Real registry timings: a page loads in one to a few seconds; a profile report is e-mailed "in about a minute"
 * (spec §2.11; the 30-minute edge case is left to the operator's `latencyMs.profile`).
 */
const REALISTIC = {
  page: { min: 800, max: 2500 },
  report: { min: 45_000, max: 90_000 },
} as const;

/** A stable number in [0, 1) for a key, so each entity keeps its own timing. */
function unitHash(key: string): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * How long a page about `key` takes, or how long a report takes to arrive: the operator's behaviour when set
 * (`search` for pages, `profile`, else `documents`, for reports), else a stable share of the realistic range scaled by
 * SANDBOX_LATENCY.
 */
export function latencyFor(kind: keyof typeof REALISTIC, key: string, level: SandboxLatency, stored?: SandboxRecord): number {
  const b = stored?.behaviour;
  const set = b && (kind === 'page' ? behaviourLatency(b, 'search') : (behaviourLatency(b, 'profile') ?? behaviourLatency(b, 'documents')));
  if (set !== undefined) return set;
  const { min, max } = REALISTIC[kind];
  return scaleLatency(Math.round(min + unitHash(`${kind}:${key}`) * (max - min)), level);
}
