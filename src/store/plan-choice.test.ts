import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PlanChoice, type PlanMode } from './plan-choice.ts';

/** Runs `n` statements through the choice, each taking the time `cost` gives for its mode; the modes it ran, in order. */
function drive(choice: PlanChoice, n: number, cost: (mode: PlanMode) => number): PlanMode[] {
  const modes: PlanMode[] = [];
  for (let i = 0; i < n; i++) {
    const mode = choice.next();
    choice.record(mode, cost(mode));
    modes.push(mode);
  }
  return modes;
}

describe('PlanChoice', () => {
  it('tries both modes, then keeps the generic plan when its runs were faster', () => {
    const modes = drive(new PlanChoice(3, 100), 10, (m) => (m === 'generic' ? 0.2 : 1));
    assert.deepEqual(modes, ['auto', 'auto', 'auto', 'generic', 'generic', 'generic', 'generic', 'generic', 'generic', 'generic']);
  });

  it("tells runs that are not timed (a batch's) the mode chosen last: PostgreSQL's own until a trial ends", () => {
    const choice = new PlanChoice(3, 100);
    drive(choice, 5, (m) => (m === 'generic' ? 0.2 : 1));
    assert.equal(choice.chosenMode(), 'auto', 'during the first trial');
    drive(choice, 1, (m) => (m === 'generic' ? 0.2 : 1));
    assert.equal(choice.chosenMode(), 'generic', 'once the trial found the generic plan faster');
  });

  it("keeps PostgreSQL's own choice when the generic plan was slower", () => {
    const modes = drive(new PlanChoice(3, 100), 10, (m) => (m === 'generic' ? 5 : 1));
    assert.deepEqual(modes.slice(6), ['auto', 'auto', 'auto', 'auto']);
  });

  it('measures again every so many runs, and follows a generic plan that became slow', () => {
    let genericMs = 0.2;
    const choice = new PlanChoice(2, 10);
    assert.deepEqual(drive(choice, 10, (m) => (m === 'generic' ? genericMs : 1)).slice(4), Array(6).fill('generic'));
    genericMs = 50; // the data grew under the generic plan
    const next = drive(choice, 10, (m) => (m === 'generic' ? genericMs : 1));
    assert.deepEqual(next, ['auto', 'auto', 'generic', 'generic', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto']);
  });

  it('keeps the generic plan from the first run, untimed, for a statement marked so (PlanChoice.generic)', () => {
    const choice = PlanChoice.generic();
    assert.deepEqual(
      drive(choice, 2500, (m) => (m === 'generic' ? 5 : 0.1)),
      Array(2500).fill('generic'),
    );
    assert.equal(choice.chosenMode(), 'generic');
  });
});
