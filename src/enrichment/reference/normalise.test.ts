import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveLink, normaliseElf, normaliseIsic, normaliseNace } from './normalise.ts';

// Tiny lists in the publishers' formats: Eurostat ends records with a bare CR and breaks lines inside fields with LF;
// UNSD quotes every value and ends lines with CRLF.
const NACE_EUROSTAT =
  'Order,Level,Code,Parent,Description,This item includes,Reference to ISIC Rev. 4\r' +
  '1,1,A,,"AGRICULTURE, FORESTRY",,A\r' +
  '2,2,01,A,Crop production,"Growing of crops\nand animals",01\r' +
  '3,3,01.1,01,Non-perennial crops,,011\r' +
  '4,4,01.11,01.1,Cereals,"the ""main"" ones",0111\r' +
  '5,4,01.12,01.1,Rice,,0111\r';
const ISIC_UNSD =
  '"Code","Description"\r\n"A","Agriculture, forestry"\r\n"01","Crop production"\r\n"011","Non-perennial crops"\r\n"0111","Cereals and rice"\r\n';

test('NACE: records end with LF, every value (line breaks, quotes) kept, minimal quoting', () => {
  const out = normaliseNace(NACE_EUROSTAT);
  assert.equal(
    out,
    'Order,Level,Code,Parent,Description,This item includes,Reference to ISIC Rev. 4\n' +
      '1,1,A,,"AGRICULTURE, FORESTRY",,A\n' +
      '2,2,01,A,Crop production,"Growing of crops\nand animals",01\n' +
      '3,3,01.1,01,Non-perennial crops,,011\n' +
      '4,4,01.11,01.1,Cereals,"the ""main"" ones",0111\n' +
      '5,4,01.12,01.1,Rice,,0111\n',
  );
  assert.equal(normaliseNace(out), out, 'a normalised list comes out unchanged');
});

test('ISIC: CRLF to LF, Level from the code, Parent from the section before a division or the code minus a digit', () => {
  const out = normaliseIsic(ISIC_UNSD);
  assert.equal(
    out,
    'Code,Description,Level,Parent\nA,"Agriculture, forestry",1,\n01,Crop production,2,A\n011,Non-perennial crops,3,01\n0111,Cereals and rice,4,011\n',
  );
  assert.equal(normaliseIsic(out), out, 'derived columns already there are recomputed to the same values');
  assert.throws(() => normaliseIsic('"Code","Description"\r\n"1A","?"\r\n'), /unexpected code "1A"/);
});

test('the NACE to ISIC link: one row per NACE item, ISIC titles joined, items sharing an ISIC item counted', () => {
  const link = deriveLink(normaliseNace(NACE_EUROSTAT), normaliseIsic(ISIC_UNSD));
  assert.equal(
    link,
    'NACE_Rev2_code,NACE_Rev2_level,NACE_Rev2_description,ISIC_Rev4_code,ISIC_Rev4_description,NACE_items_sharing_this_ISIC_item\n' +
      'A,1,"AGRICULTURE, FORESTRY",A,"Agriculture, forestry",1\n' +
      '01,2,Crop production,01,Crop production,1\n' +
      '01.1,3,Non-perennial crops,011,Non-perennial crops,1\n' +
      '01.11,4,Cereals,0111,Cereals and rice,2\n' +
      '01.12,4,Rice,0111,Cereals and rice,2\n',
  );
  const dangling = normaliseNace(NACE_EUROSTAT.replace('Rice,,0111', 'Rice,,0112'));
  assert.throws(() => deriveLink(dangling, normaliseIsic(ISIC_UNSD)), /NACE 01.12 refers to ISIC "0112"/);
});

test('the ELF list is kept byte for byte, and must be the ELF list', () => {
  const elf =
    'ELF Code,Country Code (ISO 3166-1),Entity Legal Form name Local name,Language Code (ISO 639-1),ELF Status ACTV/INAC\r\nPJ10,US,Business Corporation,en,ACTV\r\n';
  assert.equal(normaliseElf(elf), elf);
  assert.throws(() => normaliseElf('Code,Name\nX,Y\n'), /columns ELF Code, .* missing/);
});
