import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LegalRepresentative } from '../contract/index.ts';
import { UBO_THRESHOLDS, uboOf, uboThresholdFor } from './ubo.ts';

const h = (direct: number, indirect: number) => ({ total: direct + indirect, direct, indirect });
const rep = (name: string, role: string, extra: Partial<LegalRepresentative> = {}): LegalRepresentative => ({
  type: 'individual',
  entityId: name,
  individual: { name: { fullName: name }, birthDate: { month: 5, year: 1970 } },
  role: { standardized: role, localName: role },
  ...extra,
});

test('an individual reaching the threshold is a UBO, by direct, indirect or both kinds of holding', () => {
  const out = uboOf({
    countryCode: 'TEST',
    individuals: new Map([
      ['person:a', h(25, 0)],
      ['person:b', h(0, 33.6)],
      ['person:c', h(15, 20)],
      ['person:d', h(24.99, 0)],
    ]),
    untraced: 0,
    representatives: [rep('Boss', 'Director')],
  });
  assert.equal(out.status, 'identified');
  assert.deepEqual(out.flags.get('person:a'), { isUbo: true, isUboProxy: false, uboCalculationMethod: ['direct_shareholding'] });
  assert.deepEqual(out.flags.get('person:b')?.uboCalculationMethod, ['indirect_shareholding']);
  assert.deepEqual(out.flags.get('person:c')?.uboCalculationMethod, ['direct_shareholding', 'indirect_shareholding']);
  assert.deepEqual(out.flags.get('person:d'), { isUbo: false, isUboProxy: false, uboCalculationMethod: [] });
  assert.equal(out.proxy, undefined);
});

test('the threshold comes from the table of the requested country, 25 by default', () => {
  assert.equal(UBO_THRESHOLDS.default, 25);
  assert.equal(uboThresholdFor('ZZ'), 25);
  const table = { default: 25, byCountry: { XX: 10 } };
  const individuals = new Map([['person:a', h(12, 0)]]);
  assert.equal(
    uboOf({ countryCode: 'XX', individuals, untraced: 0, representatives: [], thresholds: table }).flags.get('person:a')?.isUbo,
    true,
  );
  assert.equal(
    uboOf({ countryCode: 'YY', individuals, untraced: 0, representatives: [], thresholds: table }).flags.get('person:a')?.isUbo,
    false,
  );
});

test('when nobody qualifies the senior managing official is the proxy: a chief executive first, a current one', () => {
  const reps = [
    rep('Former', 'Chief Executive Officer', { endDate: '2020-01-01' }),
    { type: 'company', company: { legalName: 'Nominees Ltd' }, role: { standardized: 'Director' } } as LegalRepresentative,
    rep('Director One', 'Director'),
    rep('Chief', 'Chief Executive Officer'),
  ];
  const out = uboOf({ countryCode: 'TEST', individuals: new Map([['person:a', h(15, 0)]]), untraced: 5, representatives: reps });
  assert.equal(out.status, 'proxy');
  assert.deepEqual(out.proxy, {
    nodeId: 'person:Chief',
    name: 'Chief',
    birthDate: { month: 5, year: 1970 },
    role: 'Chief Executive Officer',
  });
  assert.deepEqual(out.flags.get('person:Chief'), { isUbo: false, isUboProxy: true, uboCalculationMethod: ['senior_managing_official'] });
  const director = uboOf({ countryCode: 'TEST', individuals: new Map(), untraced: 0, representatives: reps.slice(0, 3) });
  assert.equal(director.proxy?.nodeId, 'person:Director One');
});

test('no proxy while companies not yet expanded could still lead to a UBO, nor without an individual representative', () => {
  const undetermined = uboOf({
    countryCode: 'TEST',
    individuals: new Map([['person:a', h(15, 0)]]),
    untraced: 10,
    representatives: [rep('Boss', 'Director')],
  });
  assert.equal(undetermined.status, 'undetermined');
  assert.equal(undetermined.proxy, undefined);
  assert.equal(
    [...undetermined.flags.values()].some((f) => f.isUboProxy),
    false,
  );
  const none = uboOf({ countryCode: 'TEST', individuals: new Map(), untraced: 0, representatives: [] });
  assert.equal(none.status, 'none');
});
