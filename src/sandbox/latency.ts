import { behaviourLatency, scaleLatency, type CallKind, type SandboxLatency, type SandboxRecord } from './store.ts';
import { unitOf } from './random.ts';

/** A register's real timing of one kind of call, in milliseconds. */
export interface LatencyRange {
  min: number;
  max: number;
}

/**
 * The sandbox latency model, one for every emulator: how long a call of `kind` about `key` (a query, a company, a
 * file) takes. The operator's behaviour for the company when it sets one (`behaviourKinds`: which of its
 * `latencyMs` kinds apply, the first set wins), else a stable share of the register's realistic range for the key,
 * scaled by SANDBOX_LATENCY (none, fast = 1/100, realistic).
 *
 * @example
 * const latencyFor = latencyModel({ search: { min: 600, max: 2500 } });
 * await sleep(latencyFor('search', query, 'fast'), signal);
 */
export function latencyModel<K extends string>(realistic: Record<K, LatencyRange>, behaviourKinds: Partial<Record<K, CallKind[]>> = {}) {
  return (kind: K, key: string, level: SandboxLatency, stored?: SandboxRecord): number => {
    if (stored) {
      const kinds = behaviourKinds[kind] ?? [kind as unknown as CallKind];
      for (const k of kinds) {
        const set = behaviourLatency(stored.behaviour, k);
        if (set !== undefined) return set;
      }
    }
    const { min, max } = realistic[kind];
    return scaleLatency(Math.round(min + unitOf(`${kind}:${key}`) * (max - min)), level);
  };
}
