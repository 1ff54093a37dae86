import { seeds } from '../../../sandbox/random.ts';
import { tokenize } from '../../../shared/name-index/tokens.ts';
import { coined, companyName } from './parts.ts';
import { rngOf, type Rng } from './random.ts';
import type { EntityTypeSpec } from './words.ts';

/** Makes a drawn name free: returns it, or another name of the same type when the register holds it already. */
export type NameClaim = (drawn: string, type: EntityTypeSpec) => string;

/**
 * The names a generated snapshot has given out, so that no two entities share one: the Department of State refuses a
 * name that is not distinguishable from one on its records, and two entities of one name would leave a name search
 * unable to tell them apart. Names are compared as search compares them ("ACME & SONS, INC." is "ACME AND SONS
 * INC").
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
      const name = claimFree(drawn, type, this.filed, [this.filed], () => rngOf(this.seed, index, 'name'));
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
    return (drawn, type) => claimFree(drawn, type, this.later, [this.filed, this.later], () => rngOf(this.seed, index, `name:${topic}`));
  }
}

/**
 * `drawn`, or while a name is held in `held`, another drawn from the entity's own redraw sequence (the same on every
 * machine); the name kept is added to `into`.
 */
function claimFree(drawn: string, type: EntityTypeSpec, into: FingerprintSet, held: readonly FingerprintSet[], redraws: () => Rng): string {
  let name = drawn;
  let key = keyOf(name);
  let rng: Rng | undefined;
  for (let tries = 0; held.some((names) => names.has(key)); tries++) {
    rng ??= redraws();
    // A type whose names are few (a not-for-profit's theme and kind) runs out in a large register: a coined word in
    // front makes it one of its own, as real registers are full of.
    name = tries < 20 ? companyName(rng, type) : `${coined(rng)} ${companyName(rng, type)}`;
    key = keyOf(name);
  }
  into.add(key);
  return name;
}

/** The fingerprint of a name as search compares it (`tokenize`: "L.L.C." is "LLC", "&" is "AND", case aside). */
const keyOf = (name: string) => seeds.fnv1aMixed(tokenize(name).join(' '));

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
