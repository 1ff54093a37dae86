import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { companyNumberValue, gbStopwords } from './rules.ts';

describe('GB rules of the name index', () => {
  it('takes the legal-form words from the ISO 20275 list’s GB abbreviations, not the forms’ other words', () => {
    const words = gbStopwords();
    for (const w of ['limited', 'ltd', 'plc', 'llp', 'lp', 'cic', 'cyf', 'the']) assert.ok(words.has(w), w);
    for (const w of ['private', 'holdings', 'trading', 'charitable']) assert.ok(!words.has(w), w);
  });

  it('gives every company number its own value, prefixed ones after the 8-digit ones', () => {
    const numbers = ['00445790', '99999999', 'SC301245', 'NI612345', 'OC412345', 'AA000000', 'ZZ999999', 'SC000001'];
    const values = numbers.map(companyNumberValue);
    assert.equal(new Set(values).size, numbers.length);
    assert.ok(values.every((v) => Number.isInteger(v) && v >= 0 && v < 2 ** 32));
    assert.ok(companyNumberValue('AA000000') > companyNumberValue('99999999'));
  });
});
