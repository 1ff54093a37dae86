/**
 * Seeded randomness for the synthetic snapshot. Every entity draws from its own stream, derived from the seed,
 * its index and a topic, so that any slice of a snapshot (and any later generation of it) is reproducible
 * without generating what comes before; nothing here may touch Math.random or the clock.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weighted<T>(options: readonly { value: T; weight: number }[], total = options.reduce((s, o) => s + o.weight, 0)): T {
    let r = this.next() * total;
    for (const o of options) {
      r -= o.weight;
      if (r < 0) return o.value;
    }
    return options[options.length - 1]!.value;
  }
}

/** A 32-bit hash of text (FNV-1a with a final avalanche), fast enough for millions of entities. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function rngOf(seed: string, index: number, topic: string): Rng {
  return new Rng(hash32(`${seed}\u0000${index}\u0000${topic}`));
}
