import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Shareholder } from '../contract/index.ts';
import { assembleGraph } from './assemble.ts';
import { co, FakeSource, options, person } from './test-helpers.ts';
import { traverse } from './traversal.ts';

/** A holding the register publishes as a band (GB's PSC register): its lower bound, and the band. */
const banded = (sh: Shareholder, lower: number, upper: number): Shareholder => ({
  ...sh,
  sharePercentage: lower,
  sharePercentageRange: { lower, upper },
});

const describe = async (group: Record<string, Shareholder[]>) =>
  assembleGraph(await traverse(new FakeSource(group), options('R', { room: { graphMaxBudget: 1000 } })), {
    representatives: [],
    interactive: false,
  }).description ?? '';

test('holdings published as bands: no individual is said to hold less than the threshold, only not known to hold it', async () => {
  // Through two companies, 50 % × 50 % × 25 %: the lower bounds multiply to 6.25 %, the bands allow up to 56 %.
  const text = await describe({
    R: [banded(co('A'), 50, 75)],
    A: [banded(co('B'), 50, 75)],
    B: [banded(person('Holloway'), 25, 50)],
  });
  assert.match(text, /No individual is known to hold 25% or more of/);
  assert.doesNotMatch(text, /No individual holds/);
  assert.match(text, /bands’ lower bounds, so an owner may hold more/);
});

test('exact holdings keep the plain wording', async () => {
  const text = await describe({ R: [co('A', 100)], A: [person('Small', 10), person('Other', 10)] });
  assert.match(text, /No individual holds 25% or more of/);
  assert.doesNotMatch(text, /lower bounds/);
});
