import { createHash } from 'node:crypto';

/**
 * A seeded pseudo-random generator (mulberry32). The TEST register must give the same company for the same id
 * in every process and on every machine, so nothing here may touch Math.random or the clock.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives `a` three times as often. */
  weighted<T>(options: readonly (readonly [T, number])[]): T {
    const total = options.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of options) {
      r -= w;
      if (r < 0) return value;
    }
    return options[options.length - 1]![0];
  }
}

/** A 32-bit seed from text, through sha256 so that similar ids give unrelated seeds. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text, 'utf8').digest().readUInt32BE(0);
}

/**
 * An independent stream per (company, topic): each part of a company draws from its own stream, so adding a
 * field to one part never shifts the values of another.
 */
export function rngFor(companyId: string, topic: string): Rng {
  return new Rng(seedOf(`TEST\u0000${companyId}\u0000${topic}`));
}

/** A short stable id for a person or company inside a record. */
export function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 12)}`;
}
