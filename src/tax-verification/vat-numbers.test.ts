import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { factsOf, taxIdOf } from '../registers/testreg/generator.ts';
import { gbCheckDigits, hasValidGbCheckDigits, hasValidLuCheckDigits, luCheckDigits, normaliseGbVrn, splitEuVat } from './vat-numbers.ts';

describe('VAT numbers', () => {
  it('accepts real UK VRNs by their check digits, old (mod 97) and new (mod 9755) style', () => {
    // BT and HMRC's own published examples.
    assert.ok(hasValidGbCheckDigits('GB 245 7193 48'));
    assert.ok(hasValidGbCheckDigits('220430231'));
    // A new-style number: the weighted sum plus the check number plus 55 is a multiple of 97.
    const first7 = '1234567';
    const sum = [1, 2, 3, 4, 5, 6, 7].reduce((s, d, i) => s + d * (8 - i), 0);
    const newStyle = String((97 - ((sum + 55) % 97)) % 97).padStart(2, '0');
    assert.ok(hasValidGbCheckDigits(`${first7}${newStyle}`), 'mod 9755');
    assert.ok(!hasValidGbCheckDigits('245719349'));
    assert.ok(!hasValidGbCheckDigits('12345'));
  });

  it('completes seven digits into a valid VRN', () => {
    assert.equal(gbCheckDigits('2457193'), '48');
    assert.equal(gbCheckDigits('2204302'), '31');
    for (const first7 of ['1000000', '9999999', '5555555', '1234567'])
      assert.ok(hasValidGbCheckDigits(first7 + gbCheckDigits(first7)), first7);
    assert.throws(() => gbCheckDigits('123'));
  });

  it('normalises a UK VRN as HMRC takes it: 9 or 12 digits, without GB and spaces', () => {
    assert.equal(normaliseGbVrn('gb 245 7193 48'), '245719348');
    assert.equal(normaliseGbVrn('245719348001'), '245719348001');
    assert.equal(normaliseGbVrn('GB2457193'), undefined);
    assert.equal(normaliseGbVrn('LU12345613'), undefined);
  });

  it('Luxembourg numbers: the last two digits are the first six modulo 89', () => {
    assert.equal(luCheckDigits('123456'), String(123456 % 89).padStart(2, '0'));
    assert.ok(hasValidLuCheckDigits(`123456${luCheckDigits('123456')}`));
    assert.ok(!hasValidLuCheckDigits('12345600'));
  });

  it('splits an EU number as VIES takes it, Greece as EL, the prefix or the country', () => {
    assert.deepEqual(splitEuVat('LU 1234 5613'), { countryCode: 'LU', vatNumber: '12345613' });
    assert.deepEqual(splitEuVat('GR094259216'), { countryCode: 'EL', vatNumber: '094259216' });
    assert.deepEqual(splitEuVat('094259216', 'GR'), { countryCode: 'EL', vatNumber: '094259216' });
    assert.deepEqual(splitEuVat('NL123456789B01'), { countryCode: 'NL', vatNumber: '123456789B01' });
    assert.equal(splitEuVat('GB245719348'), undefined, 'the UK left VIES');
    assert.equal(splitEuVat('12345613'), undefined);
  });

  it('gives TEST companies in the UK a valid UK number, Luxembourg ones a Luxembourg number, others none', () => {
    const uk = taxIdOf(factsOf('ACME-HOLDING'))!;
    assert.equal(uk.type, 'gb_vat');
    assert.equal(uk.country, 'GB');
    assert.match(uk.value, /^GB\d{9}$/);
    assert.ok(hasValidGbCheckDigits(uk.value));
    assert.deepEqual(taxIdOf(factsOf('ACME-HOLDING')), uk, 'deterministic');
    assert.notEqual(taxIdOf(factsOf('ACME-SERVICES'))!.value, uk.value);
    const lu = taxIdOf(factsOf('LU-B245871'))!;
    assert.equal(lu.type, 'eu_vat');
    assert.ok(hasValidLuCheckDigits(lu.value.slice(2)));
    assert.equal(taxIdOf(factsOf('JE-128845')), undefined, 'Jersey has no VAT');
  });
});
