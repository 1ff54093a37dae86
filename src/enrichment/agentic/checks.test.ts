import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runChecks, sameCompanyName } from './checks.ts';
import { deriveValues } from './derive.ts';
import type { EnrichmentInput } from './input.ts';

const base = (over: Partial<EnrichmentInput> = {}): EnrichmentInput => ({
  countryCode: 'TEST',
  companyId: 'X-1',
  identifiers: [{ key: 'registrationNumber', description: 'letters, digits and dashes', pattern: /^[A-Z0-9-]+$/ }],
  today: '2026-11-23',
  ...over,
});
const findingsOf = (input: EnrichmentInput, check: string) => runChecks(input).find((c) => c.id === check)!;

describe('agentic enrichment checks', () => {
  it('a check without its data does not run; with clean data it runs and finds nothing', () => {
    assert.equal(findingsOf(base(), 'ownership').ran, false);
    const clean = base({ shareholders: [{ type: 'company', company: { legalName: 'Parent' }, sharePercentage: 100 }] });
    assert.deepEqual(findingsOf(clean, 'ownership'), { ...findingsOf(clean, 'ownership'), ran: true, findings: [] });
  });

  it('a legal-form designation of another ISO 20275 form is an inconsistency; the right one is not', () => {
    // H0PO: the ELF list's GB private limited company (designations Ltd, Ltd., Limited).
    const company = (legalName: string) =>
      base({ company: { legalName, legalForm: { localName: 'Private Limited Company', iso20275Code: 'H0PO' } } as never });
    assert.deepEqual(findingsOf(company('Acme Widgets Ltd'), 'legalFormDesignation').findings, []);
    const llp = findingsOf(company('Acme Widgets LLP'), 'legalFormDesignation').findings;
    assert.equal(llp.length, 1);
    assert.match(llp[0]!.message, /ends with "llp"/);
  });

  it('tax-id names compare without case, punctuation or designation', () => {
    assert.ok(sameCompanyName('ACME WIDGETS LIMITED', 'Acme Widgets Ltd', 'GB'));
    assert.ok(!sameCompanyName('Acme Gadgets Ltd', 'Acme Widgets Ltd', 'GB'));
    const mismatch = base({
      company: {
        legalName: 'Acme Widgets Ltd',
        taxId: { type: 'gb_vat', value: 'GB123', verification: { status: 'verified', verifiedName: 'OTHER CO LTD' } },
      } as never,
    });
    assert.match(findingsOf(mismatch, 'taxId').findings[0]!.message, /registered to "OTHER CO LTD"/);
  });

  it('derives the commercial name only with the website as evidence', () => {
    const company = (website?: string) =>
      base({
        company: { legalName: 'Dunmore Solutions Ltd', legalAddress: { countryCode: 'GB' }, ...(website ? { website } : {}) } as never,
      });
    assert.deepEqual(
      deriveValues(company('https://www.dunmore-solutions.example')).map((v) => [v.field, v.value]),
      [['commercialNames', ['Dunmore Solutions']]],
    );
    assert.deepEqual(deriveValues(company('https://www.other.example')), []);
    assert.deepEqual(deriveValues(company()), []);
  });

  it('derives the English name only for an English legal form and a Latin-script name', () => {
    const english = { localName: 'Private Limited Company', englishTranslation: 'Private Limited Company' };
    const chinese = { localName: '有限责任公司', englishTranslation: 'Limited Liability Company' };
    const of = (legalName: string, legalForm: object) =>
      deriveValues(base({ company: { legalName, legalForm } as never })).filter((v) => v.field === 'legalNameInEnglish');
    assert.equal(of('Acme Ltd', english)[0]?.value, 'Acme Ltd');
    assert.deepEqual(of('Acme Ltd', chinese), []);
    assert.deepEqual(of('北京示例科技有限公司', english), []);
  });
});
