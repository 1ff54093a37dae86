import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elfByCode } from '../../enrichment/reference/legal-forms.ts';
import { groupMemberOf, SHOWCASE_GROUPS } from './groups.ts';
import { generateView } from './view.ts';

const price = () => 100;
const ownersOf = (id: string) => generateView(id, price).shareholders;

test('the showcase groups are the documented roots, each a group of TEST companies that look foreign', () => {
  assert.deepEqual(
    SHOWCASE_GROUPS.map((g) => g.root),
    ['GRAPH-CHAIN', 'GRAPH-PATHS', 'GRAPH-CYCLE', 'GRAPH-TRUST'],
  );
  const lu = generateView('LU-B245871', price).company;
  assert.equal(lu.countryCode, 'TEST');
  assert.equal(lu.legalName, 'Alpine Holdings S.à r.l.');
  assert.equal(lu.legalAddress?.countryCode, 'LU');
  // The legal form comes from the ELF list of the country the company looks from.
  assert.equal(elfByCode(lu.legalForm!.iso20275Code!)[0]?.countryCode, 'LU');
  assert.equal(generateView('CY-HE402113', price).company.legalForm?.englishTranslation, 'Private company limited by shares');
  assert.equal(groupMemberOf('lu-b245871'), undefined, 'ids are case-sensitive, as everywhere in TEST');
});

test('group shares sum to 100, the same person is the same entity across the group, holdings mirror shareholdings', () => {
  for (const id of [
    'GRAPH-CHAIN',
    'LU-B245871',
    'JE-128845',
    'GRAPH-PATHS',
    'NL-30124578',
    'CY-HE402113',
    'LU-B198765',
    'GRAPH-CYCLE',
    'MT-C81234',
    'IE-654321',
    'GRAPH-TRUST',
  ]) {
    assert.equal(
      ownersOf(id).reduce((s, x) => s + (x.sharePercentage ?? 0), 0),
      100,
      id,
    );
  }
  assert.deepEqual(ownersOf('JE-FDN-55120'), [], 'a foundation has no shareholders');
  const x = ownersOf('GRAPH-PATHS').find((s) => s.sharePercentage === 15)!;
  const xAgain = ownersOf('NL-30124578').find((s) => s.type === 'individual')!;
  assert.equal(x.entityId, xAgain.entityId);
  assert.deepEqual(x.individual, xAgain.individual);
  assert.deepEqual(
    generateView('LU-B198765', price).subsidiaries.map((s) => [s.company.id, s.sharePercentage]),
    [
      ['NL-30124578', 50],
      ['CY-HE402113', 60],
    ],
  );
  const foreign = ownersOf('GRAPH-TRUST').find((s) => s.company?.countryCode === 'KY');
  assert.deepEqual(foreign?.company, { id: 'MC-99881', countryCode: 'KY', legalName: 'Harbour Nominees (Cayman) Ltd' });
});

test("the register's own UBO list walks cycles once and agrees with the groups' arithmetic", () => {
  const cycle = generateView('GRAPH-CYCLE', price).ultimateBeneficialOwners;
  assert.deepEqual(cycle.map((u) => u.control?.controlType).sort(), ['indirectOwnershipOfShares', 'ownershipOfShares']);
  const chain = generateView('GRAPH-CHAIN', price).ultimateBeneficialOwners;
  assert.equal(chain.length, 1, 'only C holds more than 25% (33.6%); B holds 24%');
  assert.deepEqual(chain[0]?.control?.percentageDetails?.[0]?.range, { lower: 25, upper: 50 });
  assert.equal(generateView('GRAPH-TRUST', price).ultimateBeneficialOwners[0]?.control?.controlType, 'seniorManagingOfficial');
});
