import { createHash } from 'node:crypto';

/**
 * A seeded generator (xoshiro128**, state from SHA-256 of the seed): the same seed gives the same companies in
 * every process and on every machine.
 */
export class SeededRandom {
  private readonly s: Uint32Array;

  constructor(seed: string) {
    const h = createHash('sha256').update(seed).digest();
    this.s = new Uint32Array([h.readUInt32LE(0), h.readUInt32LE(4), h.readUInt32LE(8), h.readUInt32LE(12) || 1]);
  }

  /** A number in [0, 1). */
  float(): number {
    let [a, b, c, d] = this.s as unknown as [number, number, number, number];
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    this.s.set([a, b, c, d]);
    return result / 4294967296;
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  one<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)]!;
  }

  odds(p: number): boolean {
    return this.float() < p;
  }

  /** One of [[value, weight], …], by weight. */
  byWeight<T>(items: readonly (readonly [T, number])[]): T {
    let r = this.float() * items.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return items[items.length - 1]![0];
  }
}

const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;

/** A stable number in [0, 1) for a key: each company's own latency. */
export function hashUnit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32LE(0) / 4294967296;
}
