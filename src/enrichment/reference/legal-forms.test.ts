import { test } from 'node:test';
import assert from 'node:assert/strict';
import { elfByCode, elfEntries, findElf } from './legal-forms.ts';

test('the whole ELF list is loaded, embedded newlines and all', () => {
  const rows = elfEntries();
  assert.equal(rows.length, 4002);
  assert.equal(new Set(rows.map((r) => r.code)).size, 3599);
  assert.equal(rows.filter((r) => r.status === 'ACTV').length, 3790);
  assert.equal(rows.filter((r) => r.status === 'INAC').length, 212);
  assert.equal(rows.filter((r) => r.countryCode === 'US').length, 737);
});

test('PJ10 is the New York business corporation', () => {
  const [row, ...rest] = elfByCode('PJ10');
  assert.equal(rest.length, 0);
  assert.equal(row?.countryCode, 'US');
  assert.equal(row?.subdivisionCode, 'US-NY');
  assert.equal(row?.jurisdiction, 'New York');
  assert.equal(row?.localName, 'Business Corporation');
  assert.equal(row?.status, 'ACTV');
});

test('SQXV is the Jersey private limited company, with its abbreviations split', () => {
  const [row] = elfByCode('sqxv');
  assert.equal(row?.countryCode, 'JE');
  assert.equal(row?.localName, 'Private Limited Company');
  assert.deepEqual(row?.abbreviations, ['LTD', 'A.R.L', 'Limited']);
});

test('V89C (Malta) has an English and a Maltese row', () => {
  const rows = elfByCode('V89C');
  assert.deepEqual(
    rows.map((r) => [r.languageCode, r.localName]),
    [
      ['en', 'Private Limited Liability Company'],
      ['mt', 'kumpanija privata'],
    ],
  );
  assert.deepEqual(elfByCode('NOPE'), []);
});

test('findElf matches names exactly, case-insensitively, within a country and sub-division', () => {
  assert.equal(findElf({ countryCode: 'US', subdivision: 'US-NY', localName: 'business corporation' }), 'PJ10');
  assert.equal(findElf({ countryCode: 'JE', localName: 'PRIVATE LIMITED COMPANY' }), 'SQXV');
  assert.equal(findElf({ countryCode: 'MT', localName: 'Kumpanija Privata' }), 'V89C');
  assert.equal(findElf({ countryCode: 'GB', localName: 'Private Limited Company' }), 'H0PO');
  assert.equal(findElf({ countryCode: 'GB', localName: 'Public Limited Company' }), 'B6ES');
  assert.equal(findElf({ countryCode: 'GB', localName: 'Limited Liability Partnership' }), 'Z0EY');
  // The list's own trailing space does not prevent a match.
  assert.equal(findElf({ countryCode: 'GB', localName: 'Private Fund Limited Partnership' }), '4HTX');
  // No partial matches, no other countries.
  assert.equal(findElf({ countryCode: 'GB', localName: 'Limited Company' }), undefined);
  // An inactive form is still found when it is the only one of that name.
  assert.equal(findElf({ countryCode: 'GB', localName: 'Private Limited' }), 'HX6D');
  assert.equal(findElf({ countryCode: 'FR', localName: 'Private Limited Company' }), undefined);
  // "Business Corporation" exists in 15 US states: ambiguous without a sub-division.
  assert.equal(findElf({ countryCode: 'US', localName: 'Business Corporation' }), undefined);
});

test('findElf prefers an active form over an inactive one of the same name', () => {
  // "cyfyngedig" is both H0PO (active) and T61R (inactive) in GB.
  assert.equal(findElf({ countryCode: 'GB', localName: 'cyfyngedig' }), 'H0PO');
  // "Unregistered Company": A2X8 inactive, Q0M5 active.
  assert.equal(findElf({ countryCode: 'GB', localName: 'Unregistered Company' }), 'Q0M5');
});
