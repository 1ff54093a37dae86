import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  derivedUuid,
  documentIdOf,
  isCompanyNumber,
  normaliseCompanyNumber,
  parseDocumentId,
  registerNumberOf,
  UUID_PATTERN,
} from './ids.ts';

describe('MT identifiers', () => {
  it('normalises company numbers whatever the spacing and case', () => {
    for (const raw of ['c 12345', 'C12345', ' C  12345 ', 'c\t12345']) assert.equal(normaliseCompanyNumber(raw), 'C12345', raw);
    assert.equal(registerNumberOf('C12345'), 'C 12345');
    assert.equal(isCompanyNumber('c 12345'), true);
    for (const raw of ['12345', 'C', 'CX12345', 'C 123456789', 'MT12345678', 'maritime']) assert.equal(isCompanyNumber(raw), false, raw);
  });

  it('derives a stable version-4 UUID per number', () => {
    assert.equal(derivedUuid('C12345'), derivedUuid('C12345'));
    assert.notEqual(derivedUuid('C12345'), derivedUuid('C12346'));
    assert.match(derivedUuid('C12345'), UUID_PATTERN);
    assert.equal(derivedUuid('C12345')[14], '4');
  });

  it('writes and reads document ids that name the company, the kind and the file', () => {
    const id = documentIdOf('C21345', 'ACCOUNTS', '80403');
    assert.equal(id, 'MT-C21345-ACCOUNTS-80403');
    assert.deepEqual(parseDocumentId(id), { companyId: 'C21345', kindCode: 'ACCOUNTS', fileId: '80403' });
    assert.deepEqual(parseDocumentId('MT-C1-OTHER-F-2019.7'), { companyId: 'C1', kindCode: 'OTHER', fileId: 'F-2019.7' });
    for (const bad of ['CN-REPORT-X', 'MT-12345-ACCOUNTS-1', 'MT-C1-accounts-1', 'MT-C1-ACCOUNTS-'])
      assert.equal(parseDocumentId(bad), undefined, bad);
  });
});
