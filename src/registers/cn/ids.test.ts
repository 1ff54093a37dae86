import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { orgCodeCheckChar } from './check-characters.ts';
import { isValidUscc, normaliseUscc, reportDocumentId, usccCheckChar, usccOfDocumentId } from './ids.ts';

describe('CN unified social credit codes', () => {
  it('computes the GB 32100-2015 check character of published codes', () => {
    // Codes printed on public business licences.
    for (const code of ['91350100M000100Y43', '914403001922038216', '91110000100017643K']) {
      assert.equal(usccCheckChar(code.slice(0, 17)), code[17], code);
      assert.ok(isValidUscc(code));
    }
    assert.equal(isValidUscc('914403001922038217'), false);
    // Both check characters right for GB 32100 alone is not enough: the organisation code's (17th) must match too.
    const orgTypo = '9144030019220382';
    assert.equal(isValidUscc(`${orgTypo}0${usccCheckChar(`${orgTypo}0`)}`), false);
  });

  it('computes the GB 11714-1997 check character of the embedded organisation code', () => {
    for (const code of ['91350100M000100Y43', '914403001922038216', '91110000100017643K']) {
      assert.equal(orgCodeCheckChar(code.slice(8, 16)), code[16], code);
    }
    assert.equal(orgCodeCheckChar('MA5U3B2X'), '2');
  });

  it('normalises and round-trips report document ids', () => {
    assert.equal(normaliseUscc(' 9144 0300 1922038216 '.toLowerCase()), '914403001922038216');
    assert.equal(usccOfDocumentId(reportDocumentId('914403001922038216')), '914403001922038216');
    assert.equal(usccOfDocumentId('CN-REPORT-123'), undefined);
  });
});
