import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KnownEvent } from './dedup.ts';
import { KnownCharges } from './known-charges.ts';

const subject = (companyId: string) => ({ accountId: 'acc_1', countryCode: 'TEST', companyId });
const event = (id: string, status: KnownEvent['status'], basisMs: number): KnownEvent => ({
  id,
  unitKey: 'TEST-PROFILE',
  status,
  linkedEventId: status === 'charged' ? null : 'bev_charge',
  basisMs,
  mode: 'onboarding',
});

describe('KnownCharges', () => {
  it('keeps the charges it is told of, newest first, once each, and nothing else', () => {
    const known = new KnownCharges();
    known.remember(subject('A'), [event('bev_1', 'charged', 1), event('bev_dedup', 'deduplicated', 3)]);
    known.remember(subject('A'), [event('bev_2', 'charged', 2), event('bev_1', 'charged', 1)]);
    assert.deepEqual(
      known.of(subject('A')).map((e) => e.id),
      ['bev_2', 'bev_1'],
    );
    assert.deepEqual(known.of(subject('B')), [], "another company's charges are not this one's");
    assert.deepEqual(known.of({ ...subject('A'), accountId: 'acc_2' }), [], "another account's charges are not this one's");
  });

  it('forgets the companies used least recently beyond its capacity', () => {
    const known = new KnownCharges(2);
    known.remember(subject('A'), [event('bev_a', 'charged', 1)]);
    known.remember(subject('B'), [event('bev_b', 'charged', 1)]);
    known.of(subject('A'));
    known.remember(subject('C'), [event('bev_c', 'charged', 1)]);
    assert.equal(known.of(subject('B')).length, 0, 'B was used least recently');
    assert.equal(known.of(subject('A')).length, 1);
    assert.equal(known.of(subject('C')).length, 1);
  });
});
