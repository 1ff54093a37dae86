import type { Rng } from '../../src/sandbox/random.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One random edit (substitution, deletion, insertion or transposition) inside a word: the benches' typo queries. */
export function edit(rng: Rng, w: string): string {
  const i = rng.int(1, w.length - 2); // keep the first letter: people rarely mistype it
  switch (rng.int(0, 3)) {
    case 0:
      return w.slice(0, i) + rng.pick([...LETTERS].filter((c) => c !== w[i])) + w.slice(i + 1);
    case 1:
      return w.slice(0, i) + w.slice(i + 1);
    case 2:
      return w.slice(0, i) + rng.pick([...LETTERS]) + w.slice(i);
    default:
      return w[i] === w[i + 1] ? w.slice(0, i) + rng.pick([...LETTERS]) + w.slice(i + 1) : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  }
}
