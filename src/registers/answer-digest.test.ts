import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerDigest } from './answer-digest.ts';

describe('answerDigest', () => {
  it('is the same for the same answer, whatever the order of its members or its absent ones', () => {
    const a = answerDigest({ name: 'ACME LTD', office: { street: '1 Main St', town: 'Valletta' }, people: [{ n: 1 }, { n: 2 }] });
    const b = answerDigest({
      people: [{ n: 1 }, { n: 2 }],
      office: { town: 'Valletta', street: '1 Main St' },
      name: 'ACME LTD',
      gone: undefined,
    });
    assert.equal(a, b);
    assert.match(a, /^[0-9a-f]{64}$/);
  });

  it('differs when any value, the order of a list, or how the answers are split differs', () => {
    const base = answerDigest({ name: 'ACME LTD', people: [{ n: 1 }, { n: 2 }] });
    assert.notEqual(answerDigest({ name: 'ACME LIMITED', people: [{ n: 1 }, { n: 2 }] }), base);
    assert.notEqual(answerDigest({ name: 'ACME LTD', people: [{ n: 2 }, { n: 1 }] }), base);
    assert.notEqual(answerDigest({ name: 'ACME LTD', people: [{ n: 1 }, { n: '2' }] }), base);
    assert.notEqual(answerDigest({ name: 'ACME LTD' }, { people: [] }), answerDigest({ name: 'ACME LTD', people: [] }));
    assert.notEqual(answerDigest(new Uint8Array([1, 2])), answerDigest(new Uint8Array([1, 3])));
  });
});
