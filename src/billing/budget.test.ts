import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BudgetPlanner } from './budget.ts';
import { inBudgetOrder } from './units.ts';

describe('BudgetPlanner', () => {
  it('admits units while they fit maxBudget and keeps trying the next ones', () => {
    const budget = new BudgetPlanner({ maxBudget: 100 });
    assert.equal(budget.take(50), undefined);
    assert.equal(budget.take(60), 'maxBudget');
    assert.equal(budget.take(50), undefined);
    assert.equal(budget.take(1), 'maxBudget');
    assert.equal(budget.total, 100);
  });

  it('lets a unit that costs nothing through any budget, even 0', () => {
    const budget = new BudgetPlanner({ maxBudget: 0, profileMaxBudget: 0 });
    assert.equal(budget.take(0, { profile: true }), undefined);
    assert.equal(budget.take(1), 'maxBudget');
  });

  it('caps the profile block with profileMaxBudget and counts it against maxBudget', () => {
    const budget = new BudgetPlanner({ maxBudget: 100, profileMaxBudget: 40 });
    assert.equal(budget.take(50, { profile: true }), 'profileMaxBudget');
    assert.equal(budget.take(40, { profile: true }), undefined);
    assert.equal(budget.take(50), undefined);
    assert.equal(budget.take(20), 'maxBudget');
    assert.equal(new BudgetPlanner({}).take(1e9), undefined, 'no caps, no limit');
  });
});

describe('inBudgetOrder', () => {
  it('orders blocks company, legalRepresentatives, ultimateBeneficialOwners, shareholders, subsidiaries, then by catalogue', () => {
    const blocks = [
      { name: 'ownership', dataPoints: ['shareholders', 'subsidiaries'] as const, catalogueIndex: 0 },
      { name: 'establishments', dataPoints: ['establishments'] as const, catalogueIndex: 1 },
      { name: 'ubo', dataPoints: ['ultimateBeneficialOwners'] as const, catalogueIndex: 2 },
      { name: 'docs', dataPoints: ['availableDocuments'] as const, catalogueIndex: 3 },
      { name: 'reps', dataPoints: ['otherKeyPersons', 'legalRepresentatives'] as const, catalogueIndex: 4 },
      { name: 'profile', dataPoints: ['companyProfile'] as const, catalogueIndex: 5 },
      { name: 'subs', dataPoints: ['subsidiaries'] as const, catalogueIndex: 6 },
    ].map((b) => ({ ...b, dataPoints: [...b.dataPoints] }));
    assert.deepEqual(
      inBudgetOrder(blocks).map((b) => b.name),
      ['profile', 'reps', 'ubo', 'ownership', 'subs', 'establishments', 'docs'],
    );
  });
});
