import { seeds } from '../../../sandbox/random.ts';
import { coined, companyName } from './parts.ts';
import { rngOf, type Rng } from './random.ts';
import type { EntityTypeSpec } from './words.ts';

/** Makes a drawn name free: returns it, or another name of the same type when the register holds it already. */
export type NameClaim = (drawn: string, type: EntityTypeSpec) => string;

/**
 * The names a generated snapshot has given out, so that no two entities share one: the Department of State refuses a
 * name that is not distinguishable from one on its records, and two entities of one name would leave a name search
 * unable to tell them apart. Names are compared as search compares them, without punctuation ("ACME, INC." is
 * "ACME INC.").
 *
 * Names given at filing (generation 0) are kept apart from names given later (renames, entities added by later
 * generations): a later name yields to every other, but never changes a name filed before it, so that every
 * generation of a snapshot keeps the entities of generation 0 as they were. A later generation therefore files every
 * entity first (`filedAt`, keeping only the few names drawn again), then generates with the names it settled on
 * (`refiledAt`).
 *
 * Memory is a table of 32-bit fingerprints, 8 to 16 bytes a name (64 MB for the 4.3 million rows of the real
 * register). Two names of one fingerprint count as one: the second is drawn again, which costs nothing but a draw.
 */
export class RegisterNames {
  private readonly filed = new FingerprintSet();
  private readonly later = new FingerprintSet();
  /** The filed names that were drawn again, by index (a few in a hundred). */
  private readonly redrawn = new Map<number, string>();

  constructor(private readonly seed: string) {}

  /** The claim of the entity filed at `index` in generation 0. */
  filedAt(index: number): NameClaim {
    return (drawn, type) => {
      const name = free(
        drawn,
        type,
        (key) => this.filed.has(key),
        () => rngOf(this.seed, index, 'name'),
      );
      this.filed.add(keyOf(name));
      if (name !== drawn) this.redrawn.set(index, name);
      return name;
    };
  }

  /** The claim of the entity at `index` once every entity was filed: the name `filedAt` gave it. */
  refiledAt(index: number): NameClaim {
    return (drawn) => this.redrawn.get(index) ?? drawn;
  }

  /** The claim of a name given later to the entity at `index` (`topic` says which event gave it). */
  laterAt(index: number, topic: string): NameClaim {
    return (drawn, type) => {
      const name = free(
        drawn,
        type,
        (key) => this.filed.has(key) || this.later.has(key),
        () => rngOf(this.seed, index, `name:${topic}`),
      );
      this.later.add(keyOf(name));
      return name;
    };
  }
}

/** Redraws from the entity's own redraw sequence, so that a redrawn name is the same on every machine. */
function free(drawn: string, type: EntityTypeSpec, taken: (key: number) => boolean, redraws: () => Rng): string {
  let name = drawn;
  let rng: Rng | undefined;
  for (let tries = 0; taken(keyOf(name)); tries++) {
    rng ??= redraws();
    // A type whose names are few (a not-for-profit's theme and kind) runs out in a large register: a coined word in
    // front makes it one of its own, as real registers are full of.
    name = tries < 20 ? companyName(rng, type) : `${coined(rng)} ${companyName(rng, type)}`;
  }
  return name;
}

/**
 * The fingerprint of a name as search reads it: letters, digits and `&`, words apart by one space, nothing else
 * (`seeds.fnv1aMixed` of that text, computed in one pass: the register's millions of names go through here).
 */
function keyOf(name: string): number {
  let h = 0x811c9dc5;
  let gap = false;
  let started = false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const kept = (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 38;
    if (!kept) {
      gap = started;
      continue;
    }
    if (gap) h = Math.imul(h ^ 32, 0x01000193);
    h = Math.imul(h ^ c, 0x01000193);
    gap = false;
    started = true;
  }
  return seeds.mix(h);
}

/** A set of 32-bit fingerprints by open addressing: a few bytes a member where a Set of strings takes a hundred. */
class FingerprintSet {
  private slots = new Uint32Array(1024);
  private size = 0;

  has(fingerprint: number): boolean {
    const f = fingerprint || 1;
    const mask = this.slots.length - 1;
    for (let i = f & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === f) return true;
      if (slot === 0) return false;
    }
  }

  add(fingerprint: number): void {
    if (this.has(fingerprint)) return;
    if (++this.size * 2 > this.slots.length) this.grow();
    this.put(this.slots, fingerprint || 1);
  }

  private put(slots: Uint32Array, f: number): void {
    const mask = slots.length - 1;
    let i = f & mask;
    while (slots[i] !== 0) i = (i + 1) & mask;
    slots[i] = f;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Uint32Array(old.length * 2);
    for (const f of old) if (f !== 0) this.put(this.slots, f);
  }
}
