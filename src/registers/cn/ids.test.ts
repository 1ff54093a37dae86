import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isValidUscc, normaliseUscc, reportDocumentId, usccCheckChar, usccOfDocumentId } from './ids.ts';

describe('CN unified social credit codes', () => {
  it('computes the GB 32100-2015 check character of published codes', () => {
    // Codes printed on public business licences.
    for (const code of ['91350100M000100Y43', '914403001922038216', '91110000100017643K']) {
      assert.equal(usccCheckChar(code.slice(0, 17)), code[17], code);
      assert.ok(isValidUscc(code));
    }
    assert.equal(isValidUscc('914403001922038217'), false);
  });

  it('normalises and round-trips report document ids', () => {
    assert.equal(normaliseUscc(' 9144 0300 1922038216 '.toLowerCase()), '914403001922038216');
    assert.equal(usccOfDocumentId(reportDocumentId('914403001922038216')), '914403001922038216');
    assert.equal(usccOfDocumentId('CN-REPORT-123'), undefined);
  });
});
