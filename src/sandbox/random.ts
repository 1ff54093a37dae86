import { createHash, hash } from 'node:crypto';

/**
 * The sandbox's seeded random generator: the same seed gives the same companies in every process and on every
 * machine, so nothing here touches Math.random or the clock. One class for every register's emulator and data
 * generator; what differs between them is only how a seed is made from text (`seeds`), which each keeps so that
 * the companies it generated before are the ones it generates now.
 */
export class Rng {
  private constructor(private readonly stream: () => number) {}

  /** mulberry32 over a 32-bit seed: fast (US-NY draws millions of entities) and good enough for test data. */
  static of(seed: number): Rng {
    let state = seed >>> 0;
    return new Rng(() => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    });
  }

  /** xoshiro128** with its state from SHA-256 of the text: MT's companies were generated with it. */
  static xoshiro(seed: string): Rng {
    const h = createHash('sha256').update(seed).digest();
    const s = new Uint32Array([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12) || 1]);
    return new Rng(() => {
      let [a, b, c, d] = s as unknown as [number, number, number, number];
      const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
      const t = b << 9;
      c ^= a;
      d ^= b;
      b ^= c;
      a ^= d;
      c ^= t;
      d = rotl(d, 11);
      s.set([a, b, c, d]);
      return result / 4294967296;
    });
  }

  /** A float in [0, 1). */
  next(): number {
    return this.stream();
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `n` distinct items, in a random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0] as T);
    return out;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives `a` three times as often; `total` when precomputed. */
  weighted<T>(options: readonly (readonly [T, number])[], total = options.reduce((s, [, w]) => s + w, 0)): T {
    let r = this.next() * total;
    for (const [value, w] of options) {
      r -= w;
      if (r < 0) return value;
    }
    return options[options.length - 1]![0];
  }
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/** Ways to make a 32-bit seed from text, one per register's past choice (see `Rng`). */
export const seeds = {
  /** FNV-1a (CN). */
  fnv1a(text: string): number {
    let h = 2166136261;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
    return h >>> 0;
  },
  /** FNV-1a with a final avalanche, fast enough for millions of entities (US-NY). */
  fnv1aMixed(text: string): number {
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
  },
  /** SHA-256, so that similar ids give unrelated seeds (TEST). */
  sha256(text: string): number {
    // One-shot hash: no Hash object per seed (a TEST company draws a dozen seeds, a TEST search hundreds).
    return hash('sha256', text, 'buffer').readUInt32BE(0);
  },
};

/** A stable number in [0, 1) for a key: each company keeps its own latency (src/sandbox/latency.ts). */
export function unitOf(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32LE(0) / 4294967296;
}
