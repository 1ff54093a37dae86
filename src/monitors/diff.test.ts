import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { categoriesOf, categoryOf } from './categories.ts';
import { diffSnapshots } from './diff.ts';

describe('snapshot diff', () => {
  it('reports changed, added and removed fields by path, and nothing for equal data in another key order', () => {
    const before = { company: { legalName: 'A Ltd', legalAddress: { city: 'X', postalCode: '1' }, website: 'a.example' } };
    const after = { company: { legalAddress: { postalCode: '1', city: 'Y' }, legalName: 'A Ltd', phones: ['+1'] } };
    assert.deepEqual(diffSnapshots(before, after), [
      { path: 'company.legalAddress.city', before: 'X', after: 'Y' },
      { path: 'company.phones', before: null, after: ['+1'] },
      { path: 'company.website', before: 'a.example', after: null },
    ]);
    assert.deepEqual(diffSnapshots(before, JSON.parse(JSON.stringify(before))), []);
  });

  it('names people and companies in lists, ignores their order, and keeps namesakes apart', () => {
    const ada = { type: 'individual', individual: { name: { fullName: 'Ada' } }, role: { localName: 'Director' } };
    const bo = { type: 'individual', individual: { name: { fullName: 'Bo' } } };
    const parent = { type: 'company', company: { legalName: 'Parent SA' }, sharePercentage: 60 };
    assert.deepEqual(diffSnapshots({ legalRepresentatives: [ada, bo] }, { legalRepresentatives: [bo, ada] }), []);
    assert.deepEqual(diffSnapshots({ shareholders: [parent] }, { shareholders: [{ ...parent, sharePercentage: 80 }] }), [
      { path: 'shareholders[Parent SA].sharePercentage', before: 60, after: 80 },
    ]);
    assert.deepEqual(diffSnapshots({ legalRepresentatives: [ada] }, { legalRepresentatives: [ada, ada] }), [
      { path: 'legalRepresentatives[Ada#2]', before: null, after: ada },
    ]);
    assert.deepEqual(diffSnapshots({ company: { commercialNames: ['x', 'y'] } }, { company: { commercialNames: ['y', 'z'] } }), [
      { path: 'company.commercialNames', before: ['x', 'y'], after: ['y', 'z'] },
    ]);
  });

  it('ignores a data point only one snapshot has: the register stopped (or started) offering it, the company did not change', () => {
    const company = { legalName: 'A Ltd' };
    assert.deepEqual(diffSnapshots({ company, shareholders: [], ultimateBeneficialOwners: [] }, { company }), []);
    assert.deepEqual(diffSnapshots({ company }, { company, shareholders: [] }), []);
  });
});

describe('change categories (spec §6.2)', () => {
  const rows: [string, string][] = [
    ['company.status.localName', 'status'],
    ['company.status.statusDetails.closureReason', 'status'],
    ['company.legalAddress.city', 'address'],
    ['company.usState.addresses', 'address'],
    ['company.usState.jurisdictionOfFormation', 'address'],
    ['shareholders[Parent SA]', 'ownership'],
    ['ultimateBeneficialOwners[Ada].sharePercentage', 'ownership'],
    ['company.capital.amount', 'financial'],
    ['company.usState.authorizedStock', 'financial'],
    ['legalRepresentatives[Bo].role.localName', 'legalRepresentatives'],
    ['company.legalName', 'other'],
    ['company.activities.nace', 'other'],
    ['otherKeyPersons[Carl]', 'other'],
    ['company.statusNote', 'other'],
  ];
  for (const [path, category] of rows) it(`${path} → ${category}`, () => assert.equal(categoryOf(path), category));

  it('lists each category once, in the specification’s order', () => {
    const changes = ['company.legalName', 'company.capital.amount', 'company.status.active', 'company.legalName'].map((path) => ({
      path,
      before: 1,
      after: 2,
    }));
    assert.deepEqual(categoriesOf(changes), ['status', 'financial', 'other']);
  });
});
