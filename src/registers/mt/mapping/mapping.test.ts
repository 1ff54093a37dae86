import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MtInvolvement } from '../record.ts';
import { companyTypeText, inferActivitiesOfType } from './activities.ts';
import { addressOf, countryCodeOf } from './address.ts';
import { availableDocumentOf, documentItemOf, DOCUMENT_KINDS, kindOf } from './documents.ts';
import { LEGAL_FORM_TABLE, mapLegalForm } from './legal-form.ts';
import { legalRepresentativesOf, nationalityCode, otherKeyPersonsOf } from './people.ts';
import { isRepresentativeType, mapRole, ROLE_TABLE } from './roles.ts';
import { mapStatus, STATUS_TABLE } from './status.ts';

describe('MT mappings', () => {
  it('maps every registry state (spec §3.3): only Active is active, the rest closed, with their dates', () => {
    const expected: Record<string, { active: boolean; status: string }> = {
      Active: { active: true, status: 'ACTIVE' },
      Dissolved: { active: false, status: 'CLOSED' },
      'Struck Off': { active: false, status: 'CLOSED' },
      'Being Struck Off': { active: false, status: 'CLOSED' },
      'In Liquidation': { active: false, status: 'CLOSED' },
      'Being Wound Up': { active: false, status: 'CLOSED' },
      Defunct: { active: false, status: 'CLOSED' },
      Removed: { active: false, status: 'CLOSED' },
    };
    assert.deepEqual(
      STATUS_TABLE.states.map((s) => s.state).sort(),
      Object.keys(expected).sort(),
      'the table holds exactly the states of registers/mt.md',
    );
    for (const [state, want] of Object.entries(expected)) {
      const s = mapStatus(state, '2024-05-06');
      assert.equal(s.localName, state);
      assert.equal(s.active, want.active, state);
      assert.equal(s.statusDetails?.status, want.status, state);
    }
    assert.deepEqual(mapStatus('Struck Off', '2021-08-31').statusDetails, {
      status: 'CLOSED',
      closureReason: 'ADMINISTRATIVE_DISSOLUTION',
      closureDate: '2021-08-31',
    });
    assert.deepEqual(mapStatus('In Liquidation', '2025-02-17').statusDetails, {
      status: 'CLOSED',
      additionalInfo: 'In liquidation since 2025-02-17',
    });
    assert.deepEqual(mapStatus('active').statusDetails, { status: 'ACTIVE' }, 'case-insensitive');
    assert.deepEqual(mapStatus('Suspended'), { localName: 'Suspended', active: false }, 'unknown: words kept, no guess');
  });

  it('maps every legal form (spec §3.4) with the ISO 20275 codes of the ELF list, local name = type (subtype)', () => {
    const cases: [type: string, subtype: string | undefined, suffix: string | undefined, standardized: string, code: string | undefined][] =
      [
        ['Limited Liability Company', 'Investment Company with Variable Share Capital (SICAV)', 'P.L.C.', 'Corporation', undefined],
        ['Limited Liability Company', 'Investment Company with Fixed Share Capital (INVCO)', 'P.L.C.', 'Corporation', undefined],
        ['Limited Liability Company', 'Incorporated Cell Company', 'Ltd.', 'Corporation', undefined],
        ['Limited Liability Company', 'Cell Company', 'Ltd.', 'Corporation', undefined],
        ['Overseas Company', undefined, undefined, 'Branch or Representative Office', undefined],
        ['Partnership en Nom Collectif', undefined, undefined, 'Partnership', 'JOZN'],
        ['Partnership en Commandite', 'Capital Not Divided into Shares', undefined, 'Partnership', 'BVJ0'],
        ['Sole Trader', undefined, undefined, 'Sole Proprietorship', 'DJ2D'],
        ['Cooperative', undefined, undefined, 'Cooperative', 'F5X7'],
        ['Foundation', 'Private Foundation', undefined, 'Nonprofit Organization', '3U3Y'],
        ['Limited Liability Company', 'Public Non-Exempt', 'P.L.C.', 'Corporation', 'C061'],
        ['Limited Liability Company', 'Public Exempt', 'P.L.C.', 'Corporation', 'C061'],
        ['Limited Liability Company', 'Private Exempt', 'Ltd.', 'Limited Liability Company', 'V89C'],
        ['Limited Liability Company', 'Private Non-Exempt', 'Ltd.', 'Limited Liability Company', 'V89C'],
        ['Limited Liability Company', undefined, 'P.L.C.', 'Corporation', 'C061'],
      ];
    const used = new Set<string>();
    for (const [type, subtype, suffix, standardized, code] of cases) {
      const form = mapLegalForm({ type, subtype, suffix });
      assert.equal(form.localName, subtype ? `${type} (${subtype})` : type);
      assert.equal(form.standardized, standardized, form.localName);
      assert.equal(form.iso20275Code, code, form.localName);
      assert.equal(form.isAIEnriched, true);
      used.add(form.englishTranslation!);
    }
    for (const rule of LEGAL_FORM_TABLE.rules) assert.ok(used.has(rule.englishTranslation), `rule ${rule.englishTranslation} is exercised`);
    assert.equal(
      mapLegalForm({ type: 'Partnership en Nom Collectif', suffix: undefined }).localName,
      'Partnership en Nom Collectif',
      'no suffix for partnerships',
    );
    assert.deepEqual(mapLegalForm({ type: 'Trust' }), { localName: 'Trust', isAIEnriched: false });
  });

  it('maps every involvement type to its role, a representative only for natural persons', () => {
    for (const row of ROLE_TABLE.roles) {
      assert.deepEqual(mapRole(row.type), { localName: row.type, standardized: row.standardized });
      assert.equal(
        isRepresentativeType(row.type),
        ['Director', 'Legal Representative', 'Judicial Representative'].includes(row.type),
        row.type,
      );
    }
    assert.deepEqual(mapRole('Curator'), { localName: 'Curator', standardized: 'Other' });
    const party = (role: string, isLegalEntity: boolean, name = `${role} ${isLegalEntity ? 'Ltd' : 'Person'}`): MtInvolvement => ({
      role,
      name,
      isLegalEntity,
    });
    const all = [
      ...ROLE_TABLE.roles.map((r) => party(r.type, false)),
      ...ROLE_TABLE.roles.map((r) => party(r.type, true)),
      party('Curator', false),
    ];
    const reps = legalRepresentativesOf('C1', all);
    const others = otherKeyPersonsOf('C1', all);
    assert.deepEqual(
      reps.map((p) => p.role?.localName),
      ['Director', 'Legal Representative', 'Judicial Representative'],
    );
    assert.ok(reps.every((p) => p.type === 'individual'));
    assert.equal(reps.length + others.length, all.length, 'everyone is in exactly one list');
    assert.ok(
      others.some((p) => p.type === 'company' && p.role?.localName === 'Director'),
      'a corporate director is a key person',
    );
    assert.ok(others.some((p) => p.role?.localName === 'Curator' && p.role.standardized === 'Other'));
  });

  it('describes people and companies as the registry gives them', () => {
    const [director] = legalRepresentativesOf('C21345', [
      {
        role: 'Director',
        name: 'Lars Johansson',
        isLegalEntity: false,
        idCardNumber: 'P8812345',
        nationality: 'Swedish',
        address: { street: 'Strandvägen 7', locality: 'Stockholm', country: 'Sweden' },
        appointedOn: '2015-09-01',
      },
    ]);
    assert.deepEqual(director!.individual, {
      name: { fullName: 'Lars Johansson' },
      nationality: 'SE',
      residenceAddress: { addressLine1: 'Strandvägen 7', city: 'Stockholm', countryCode: 'SE' },
      identifiers: [{ type: 'idCardNumber', value: 'P8812345' }],
    });
    assert.equal(director!.startDate, '2015-09-01');
    const [firm] = otherKeyPersonsOf('C21345', [
      { role: 'Auditor', name: 'GRECH & ATTARD AUDIT LIMITED', isLegalEntity: true, registrationNumber: 'C 41120' },
    ]);
    assert.deepEqual(firm!.company, {
      legalName: 'GRECH & ATTARD AUDIT LIMITED',
      id: 'C41120',
      identifiers: { registrationNumber: 'C 41120' },
      countryCode: 'MT',
    });
    assert.equal(nationalityCode('Maltese'), 'MT');
    assert.equal(nationalityCode('Martian'), undefined);
    assert.equal(countryCodeOf('United Kingdom'), 'GB');
    assert.equal(countryCodeOf('Malta'), 'MT');
    assert.deepEqual(addressOf({ street: '3, Triq il-Wied', locality: 'Birkirkara', postcode: 'BKR 9070' }, 'MT'), {
      addressLine1: '3, Triq il-Wied',
      city: 'Birkirkara',
      postalCode: 'BKR 9070',
      countryCode: 'MT',
    });
  });

  it('infers activity codes from the company-type text only where it names a trade, every code flagged', async () => {
    const sicav = await inferActivitiesOfType('Limited Liability Company', 'Investment Company with Variable Share Capital (SICAV)');
    assert.equal(sicav?.NACE?.[0]?.code, '64.30');
    assert.equal(sicav?.ISIC?.[0]?.code, '6430');
    for (const item of [...sicav!.NACE!, ...sicav!.ISIC!]) assert.equal(item.isAIInferred, true);
    assert.equal((await inferActivitiesOfType('Limited Liability Company', 'Cell Company'))?.NACE?.[0]?.code, '65.12');
    assert.equal((await inferActivitiesOfType('Foundation', 'Private Foundation'))?.NACE?.[0]?.code, '64.30');
    assert.equal((await inferActivitiesOfType('Foundation', 'Purpose Foundation'))?.NACE?.[0]?.code, '94.99');
    assert.equal(await inferActivitiesOfType('Limited Liability Company', 'Private Exempt'), undefined);
    assert.equal(companyTypeText('Limited Liability Company', 'Private Exempt'), 'Limited Liability Company - Private Exempt');
  });

  it('enriches filings: kind by title, name, period and category, flagged', () => {
    const kinds = [
      ['Prospectus - Issue of EUR 40,000,000 Bonds 2029', 'PROSPECTUS', 'officialPublications'],
      ['Offering Memorandum', 'PROSPECTUS', 'officialPublications'],
      ['Memorandum and Articles of Association', 'MEMART', 'articlesOfAssociation'],
      ['Deed of Foundation', 'MEMART', 'articlesOfAssociation'],
      ['Annual Accounts 2023', 'ACCOUNTS', 'financialStatements'],
      ['Financial Statements for the year ended 31 December 2024', 'ACCOUNTS', 'financialStatements'],
      ['Annual Return', 'RETURN', 'annualReturns'],
      ['Form K - Change in Directors', 'OTHER', 'otherDocuments'],
    ] as const;
    for (const [title, code, category] of kinds) {
      assert.equal(kindOf(title).code, code, title);
      assert.equal(kindOf(title).category, category, title);
    }
    assert.deepEqual(new Set(kinds.map((k) => k[1])), new Set(DOCUMENT_KINDS.map((k) => k.code)), 'every kind is exercised');
    const accounts = availableDocumentOf(
      'C21345',
      { fileId: '80405', date: '2025-07-01', title: 'Financial Statements for the year ended 31 December 2024', documentsInFile: 1 },
      1500,
    );
    assert.equal(accounts.id, 'MT-C21345-ACCOUNTS-80405');
    assert.equal(accounts.name, 'Annual accounts 2024');
    assert.deepEqual(accounts.period, { year: 2024 });
    assert.equal(accounts.isAIEnriched, true);
    const inferredYear = documentItemOf('C1', { fileId: '7', date: '2025-06-30', title: 'Audited Accounts', documentsInFile: 2 });
    assert.deepEqual(
      inferredYear.period,
      { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } },
      'the year before filing',
    );
    const other = availableDocumentOf(
      'C1',
      { fileId: '9', date: '2019-02-25', title: 'Form K  - Change in Directors', documentsInFile: 1 },
      800,
    );
    assert.equal(other.name, 'Form K - Change in Directors');
    assert.equal(other.period, undefined);
  });
});
