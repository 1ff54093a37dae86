import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isicByCode, isicForNace, isicItems, naceByCode, naceClasses, naceItems } from './activities.ts';

test('NACE Rev. 2 and ISIC Rev. 4 are loaded whole', () => {
  assert.equal(naceItems().length, 996);
  assert.equal(isicItems().length, 766);
  assert.equal(naceClasses().length, 615);
  assert.ok(naceClasses().every((c) => c.level === 4 && /^\d{2}\.\d{2}$/.test(c.code)));
  assert.equal(isicItems().filter((i) => i.level === 4).length, 419);
});

test('NACE 62.01 is computer programming, with its parents, and maps to ISIC 6201', () => {
  const item = naceByCode('62.01');
  assert.equal(item?.description, 'Computer programming activities');
  assert.equal(item?.level, 4);
  assert.equal(item?.parent, '62.0');
  assert.equal(naceByCode('62')?.parent, 'J');
  assert.equal(naceByCode('J')?.parent, undefined);
  assert.equal(naceByCode('6201')?.code, '62.01');
  const isic = isicForNace('62.01');
  assert.equal(isic?.code, '6201');
  assert.equal(isic?.description, 'Computer programming activities');
});

test('ISIC codes have no dots, and the NACE to ISIC link is many-to-one', () => {
  assert.equal(isicByCode('6201')?.level, 4);
  assert.equal(isicByCode('62.01')?.code, '6201');
  assert.equal(isicByCode('A')?.description, 'Agriculture, forestry and fishing');
  assert.equal(isicByCode('9999'), undefined);
  // 01.11 (cereals) is ISIC 0111; every class links to an ISIC class.
  assert.equal(isicForNace('01.11')?.code, '0111');
  assert.ok(naceClasses().every((c) => isicForNace(c.code)?.level === 4));
  const targets = new Set(naceClasses().map((c) => isicForNace(c.code)?.code));
  assert.equal(targets.size, 419);
  assert.equal(isicForNace('99.99'), undefined);
});
