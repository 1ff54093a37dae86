import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lifeFilings } from './filings.ts';

describe('GB emulator filing history', () => {
  it('yearly returns are annual returns (AR01) before 30 June 2016 and confirmation statements (CS01) after', () => {
    const yearly = lifeFilings('04321098', '2001-11-26', '2021-08-03')
      .filter((f) => f.category === 'annual-return' || f.category === 'confirmation-statement')
      .map((f) => [f.date, f.type]);
    assert.deepEqual(yearly.slice(0, 1), [['2002-11-26', 'AR01']]);
    assert.deepEqual(yearly.slice(13, 16), [
      ['2015-11-26', 'AR01'],
      ['2016-11-26', 'CS01'],
      ['2017-11-26', 'CS01'],
    ]);
    assert.equal(yearly.length, 19);
  });
});
