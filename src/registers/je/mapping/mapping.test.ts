import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { elfByCode } from '../../../enrichment/reference/legal-forms.ts';
import type { ExtractedReport } from '../extract/report.ts';
import { parseAddressLine } from './address.ts';
import { formatMoney, parseMoney } from './capital.ts';
import { formatRegistryDate, parseRegistryDate } from './dates.ts';
import { mapLegalForm } from './legal-form.ts';
import { nationalityCode, shareholdersOf, splitName } from './people.ts';
import { idResultOf, nameResultsOf } from './search.ts';
import { isActiveStatus, mapStatus } from './status.ts';

describe('JE status mapping (spec §3.3)', () => {
  // Every row of the spec's table: local, standardised, closure reason.
  const SPEC: [string, string, string?][] = [
    ['Active', 'Active'],
    ['Dissolved', 'Closed'],
    ['Struck Off', 'Closed', 'ADMINISTRATIVE_DISSOLUTION'],
    ['In Liquidation', 'Under Insolvency Proceeding'],
    ['Cancelled', 'Closed', 'VOLUNTARY_DISSOLUTION'],
    ['Wound Up', 'Closed'],
    ['Removed', 'Closed'],
  ];
  const STATUS = { Active: 'ACTIVE', Closed: 'CLOSED', 'Under Insolvency Proceeding': 'UNDER_INSOLVENCY_PROCEEDING' } as Record<
    string,
    string
  >;
  for (const [local, standardized, reason] of SPEC) {
    it(`${local} → ${standardized}${reason ? `, ${reason}` : ''}`, () => {
      const s = mapStatus(local);
      assert.deepEqual(s, {
        localName: local,
        active: standardized === 'Active',
        statusDetails: { status: STATUS[standardized], ...(reason ? { closureReason: reason } : {}) },
      });
      assert.equal(isActiveStatus(local), standardized === 'Active', 'only active entities have a report');
      assert.equal(
        mapStatus(` ${local.toUpperCase()} `).statusDetails?.status,
        STATUS[standardized],
        'case and spaces as a page may write them',
      );
    });
  }
  it('keeps an unknown status word without a guess', () => {
    assert.deepEqual(mapStatus('Suspended'), { localName: 'Suspended' });
    assert.equal(isActiveStatus('Suspended'), false);
  });
});

describe('JE legal form mapping (spec §3.4, ISO 20275 codes from the ELF list)', () => {
  // Every type of registers/je.md; the code is the JE row of the ELF list (the list wins over the spec's table).
  const SPEC: [string, string, string | undefined, string | undefined][] = [
    ['Registered Company Private', 'Limited Liability Company', 'SQXV', 'Private Limited Company'],
    ['Registered Company Public', 'Corporation', 'JOX1', 'Public Limited Company'],
    ['Limited Partnership', 'Partnership', 'UBWU', 'Limited Partnership'],
    ['Limited Liability Partnership', 'Partnership', '7RZH', 'Limited Liability Partnership'],
    ['Separate Limited Partnership', 'Partnership', '21F4', 'Separate Limited Partnerships'],
    ['Incorporated Limited Partnership', 'Partnership', '33IP', 'Incorporated Limited Partnerships'],
    ['Incorporated Cell Company', 'Corporation', undefined, undefined],
    ['Protected Cell Company', 'Corporation', undefined, undefined],
    ['Foundation', 'Nonprofit Organization', '40A7', 'Foundation'],
  ];
  for (const [local, standardized, code, elfName] of SPEC) {
    it(`${local} → ${standardized}${code ? `, ${code}` : ', no ISO 20275 code'}`, () => {
      const f = mapLegalForm(local);
      assert.equal(f.localName, local);
      assert.equal(f.standardized, standardized);
      assert.equal(f.iso20275Code, code);
      assert.equal(f.isAIEnriched, false, 'a fixed table over the page text');
      assert.ok(f.englishTranslation);
      if (code) {
        const row = elfByCode(code).find((e) => e.countryCode === 'JE');
        assert.equal(row?.localName, elfName, 'the code is the JE row of that name in the ELF list');
      }
    });
  }
  it('keeps an unknown type verbatim', () =>
    assert.deepEqual(mapLegalForm('Société Anonyme'), { localName: 'Société Anonyme', isAIEnriched: false }));
});

describe('JE report values', () => {
  it('reads dates, money, nationalities and names', () => {
    assert.equal(parseRegistryDate('14/09/2009'), '2009-09-14');
    assert.equal(parseRegistryDate('2009-09-14'), '2009-09-14');
    assert.equal(parseRegistryDate('31/02/2009'), undefined);
    assert.equal(formatRegistryDate('2009-09-14'), '14/09/2009');
    assert.equal(formatMoney(1234567.5, 'GBP'), 'GBP 1,234,567.50');
    assert.deepEqual(parseMoney('GBP 1,234,567.50'), { amount: 1234567.5, currency: 'GBP', formatted: 'GBP 1,234,567.50' });
    assert.deepEqual(parseMoney('£10,000'), { amount: 10000, currency: 'GBP', formatted: '£10,000' });
    assert.equal(parseMoney('ten pounds'), undefined);
    assert.equal(nationalityCode('British'), 'GB');
    assert.equal(nationalityCode('jersey'), 'JE');
    assert.equal(nationalityCode('FR'), 'FR');
    assert.equal(nationalityCode('Atlantean'), undefined);
    assert.deepEqual(splitName('Edward Philip de Carteret'), {
      fullName: 'Edward Philip de Carteret',
      firstName: 'Edward',
      lastName: 'de Carteret',
    });
    assert.deepEqual(splitName('Cher'), { fullName: 'Cher' });
  });

  it('splits one-line addresses: country name, postcode, town, lines', () => {
    assert.deepEqual(parseAddressLine('La Maison Blanche, Rue de la Mare, St Martin, JE3 6AB'), {
      addressLine1: 'La Maison Blanche',
      addressLine2: 'Rue de la Mare',
      city: 'St Martin',
      postalCode: 'JE3 6AB',
      countryCode: 'JE',
    });
    assert.deepEqual(parseAddressLine('14 Rue du Bac, Paris, 75007, France'), {
      addressLine1: '14 Rue du Bac',
      city: 'Paris',
      postalCode: '75007',
      countryCode: 'FR',
    });
    assert.deepEqual(parseAddressLine('1 Smith Street, St Peter Port, GY1 2AB'), {
      addressLine1: '1 Smith Street',
      city: 'St Peter Port',
      postalCode: 'GY1 2AB',
      countryCode: 'GG',
    });
    assert.equal(parseAddressLine(''), undefined);
  });

  const report = (rows: [string, string, number][], issued?: number): ExtractedReport => ({
    entity: {},
    office: {},
    directors: [],
    shareholders: rows.map(([name, type, shares]) => ({
      Name: name,
      'Holder Type': type,
      'Shares Held': shares.toLocaleString('en-GB'),
      'Share Class': 'Ordinary',
    })),
    capital: issued ? { 'Issued Shares': issued.toLocaleString('en-GB') } : {},
    shareholdersDisclosed: rows.length > 0,
  });

  it('gives shareholders their share: one share held by one holder is 100 percent, else by share counts', () => {
    const sole = shareholdersOf('104325', report([['Harbour View Group Limited', 'Corporate', 1]], 1));
    assert.deepEqual(
      sole.map((s) => [s.type, s.company?.legalName, s.numberOfShares, s.sharePercentage]),
      [['company', 'Harbour View Group Limited', 1, 100]],
    );
    const three = shareholdersOf(
      '1',
      report([
        ['A', 'Individual', 600],
        ['B', 'Individual', 300],
        ['C', 'Corporate', 100],
      ]),
    );
    assert.deepEqual(
      three.map((s) => s.sharePercentage),
      [60, 30, 10],
    );
    const ofIssued = shareholdersOf('1', report([['A', 'Individual', 1]], 3));
    assert.equal(ofIssued[0]!.sharePercentage, 33.33, 'of the issued shares when the report states more than the holdings');
    assert.deepEqual(shareholdersOf('1', report([])), []);
  });
});

describe('JE search results', () => {
  it('marks the number match, the exact name, former names and the rest', () => {
    const page = {
      number: '4417',
      name: 'Mont Orgueil Estates Limited',
      type: 'Registered Company Private',
      status: 'Active',
      previousNames: [],
    };
    assert.deepEqual(idResultOf(page).matchReason, { matchType: 'id', identifier: 'registrationNumber' });
    const results = nameResultsOf('mont orgueil estates limited', [
      { number: '4417', name: 'Mont Orgueil Estates Limited', status: 'Active' },
      { number: '4418', name: 'Mont Orgueil Estates (2) Limited', status: 'Dissolved' },
      { number: '4419', name: 'Castle Estates Limited', previousName: 'Mont Orgueil Estates Limited' },
    ]);
    assert.deepEqual(
      results.map((r) => r.matchReason.matchType),
      ['exactLegalName', 'default', 'previousName'],
    );
    assert.equal(results[2]!.matchReason.matchedName, 'Mont Orgueil Estates Limited');
    assert.deepEqual(results[1]!.status, { localName: 'Dissolved', active: false });
    assert.ok(results.every((r) => r.countryCode === 'JE' && r.address.countryCode === 'JE'));
  });
});
