import { Rng, seeds } from '../../../sandbox/random.ts';

export type { Rng } from '../../../sandbox/random.ts';

/**
 * Seeded randomness for the synthetic snapshot (the sandbox kit's generator). Every entity draws from its own
 * stream, derived from the seed, its index and a topic, so that any slice of a snapshot (and any later generation of
 * it) is reproducible without generating what comes before.
 */
export function rngOf(seed: string, index: number, topic: string): Rng {
  return Rng.of(seeds.fnv1aMixed(`${seed}\u0000${index}\u0000${topic}`));
}
