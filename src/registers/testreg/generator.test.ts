import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  AvailableDocument,
  Company,
  CompanyRelationship,
  Establishment,
  LegalRepresentative,
  OtherKeyPerson,
  Shareholder,
  Subsidiary,
  UltimateBeneficialOwner,
} from '../../contract/index.ts';
import { elfByCode } from '../../enrichment/reference/legal-forms.ts';
import { isicForNace, naceByCode } from '../../enrichment/reference/activities.ts';
import { documentIdOf, parseDocumentId } from './document-list.ts';
import { generateCompany } from './generator.ts';
import { percentages } from './people.ts';
import { generateView } from './view.ts';

const price = () => 100;
const ids = Array.from({ length: 200 }, (_, i) => `CO${1000 + i}`);

test('the same id gives the same company, in every part', () => {
  for (const id of ['ACME-HOLDING', '12345678', 'NORTHWIND.ACME-TRADING', 'x_1']) {
    assert.deepEqual(generateView(id, price), generateView(id, price));
  }
  assert.notDeepEqual(generateView('ACME-HOLDING', price).company, generateView('ACME-HOLDINGS', price).company);
});

test('another process generates the same company, and known ids keep their known values', () => {
  const script = `const { generateView } = await import(${JSON.stringify(new URL('./view.ts', import.meta.url).href)});
    process.stdout.write(JSON.stringify(generateView('ACME-HOLDING', () => 100)));`;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.deepEqual(JSON.parse(out), generateView('ACME-HOLDING', price));
  // A change here changes every generated company: stored fixtures and monitors elsewhere would see it.
  const c = generateCompany('ACME-HOLDING');
  assert.equal(c.legalName, 'Acme Holding Ltd');
  assert.equal(c.incorporationDate, '1984-08-22');
  assert.equal(c.legalAddress?.postalCode, 'YO1 1DD');
});

test('a generated company is valid against the public schemas', () => {
  for (const id of [...ids.slice(0, 50), 'ACME-HOLDING', 'NORTHWIND.ACME-TRADING']) {
    const v = generateView(id, price);
    Company.parse(v.company);
    z.array(LegalRepresentative).min(1).max(4).parse(v.legalRepresentatives);
    z.array(OtherKeyPerson).parse(v.otherKeyPersons);
    z.array(Shareholder).min(2).max(4).parse(v.shareholders);
    z.array(Subsidiary).max(2).parse(v.subsidiaries);
    z.array(UltimateBeneficialOwner).min(1).parse(v.ultimateBeneficialOwners);
    z.array(Establishment).min(1).max(3).parse(v.establishments);
    z.array(CompanyRelationship).max(1).parse(v.companyRelationships);
    z.array(AvailableDocument).min(3).max(5).parse(v.availableDocuments);
    assert.equal(v.company.id, id);
    assert.equal(v.company.countryCode, 'TEST');
    assert.deepEqual(v.company.identifiers, { registrationNumber: id });
  }
});

test('shares sum to 100 with at least one individual, and most companies have a corporate owner', () => {
  let corporate = 0;
  for (const id of ids) {
    const sh = generateView(id, price).shareholders;
    assert.equal(
      sh.reduce((s, x) => s + (x.sharePercentage ?? 0), 0),
      100,
      id,
    );
    assert.ok(
      sh.some((x) => x.type === 'individual' && x.individual?.name?.fullName),
      id,
    );
    if (sh.some((x) => x.type === 'company')) corporate++;
  }
  assert.ok(corporate >= ids.length * 0.6, `only ${corporate} of ${ids.length} have a corporate shareholder`);
  assert.deepEqual(percentages([1, 1, 1]), [34, 33, 33]);
  assert.deepEqual(percentages([10, 1]), [91, 9]);
});

test('a corporate shareholder can be followed: its reference names the company its id generates, and chains end', () => {
  for (const id of ids.slice(0, 60)) {
    let current = id;
    const seen = new Set<string>();
    for (;;) {
      assert.ok(!seen.has(current), `ownership cycle through ${current}`);
      seen.add(current);
      const owner = generateView(current, price).shareholders.find((s) => s.type === 'company');
      if (!owner) break;
      assert.equal(owner.company?.countryCode, 'TEST');
      assert.equal(owner.company?.legalName, generateCompany(owner.company!.id!).legalName);
      current = owner.company!.id!;
    }
    assert.ok(seen.size <= 3, `chain from ${id} is ${seen.size} long`);
  }
});

test('beneficial owners agree with the shareholders', () => {
  for (const id of ids.slice(0, 60)) {
    const v = generateView(id, price);
    for (const ubo of v.ultimateBeneficialOwners) {
      const details = ubo.control?.percentageDetails ?? [];
      if (ubo.control?.controlType === 'ownershipOfShares') {
        const held = v.shareholders.find((s) => s.entityId === ubo.entityId);
        assert.ok(held, `${id}: direct owner ${ubo.entityId} is not a shareholder`);
        assert.ok((held.sharePercentage ?? 0) > (details[0]?.range?.lower ?? 100), id);
      } else if (ubo.control?.controlType === 'seniorManagingOfficial') {
        assert.equal(v.ultimateBeneficialOwners.length, 1);
        assert.ok(v.legalRepresentatives.some((r) => r.entityId === ubo.entityId));
      } else {
        assert.equal(ubo.control?.controlType, 'indirectOwnershipOfShares');
      }
    }
  }
});

test('slug ids are named after their words; NEW.OLD ids were renamed; other ids draw a name', () => {
  assert.match(generateCompany('ACME-HOLDING').legalName!, /^Acme Holding (Ltd|PLC|LLP)$/);
  assert.match(generateCompany('acme-ltd').legalName!, /^Acme (Ltd|PLC|LLP)$/);
  const renamed = generateCompany('NORTHWIND.ACME-TRADING');
  assert.match(renamed.legalName!, /^Northwind (Ltd|PLC|LLP)$/);
  assert.equal(renamed.legacyLegalNames?.length, 1);
  assert.match(renamed.legacyLegalNames![0]!, /^Acme Trading (Ltd|PLC|LLP)$/);
  assert.match(generateCompany('12345678').legalName!, /^[A-Z][a-z]+ [A-Z][a-z]+ (Ltd|PLC|LLP)$/);
});

test('legal forms come from the ELF list and activities from NACE with their ISIC link', () => {
  const forms = new Set<string>();
  for (const id of ids) {
    const c = generateCompany(id);
    const code = c.legalForm?.iso20275Code;
    assert.ok(code, id);
    const [row] = elfByCode(code);
    assert.equal(row?.countryCode, 'GB');
    assert.equal(row?.localName, c.legalForm?.localName);
    forms.add(c.legalForm!.localName!);
    const nace = c.activities?.NACE ?? [];
    assert.ok(nace.length >= 1 && nace.length <= 3);
    for (const a of nace) {
      assert.equal(naceByCode(a.code)?.level, 4);
      assert.ok(c.activities?.ISIC?.some((i) => i.code === isicForNace(a.code)?.code));
      assert.equal(a.isAIInferred, undefined);
    }
  }
  assert.deepEqual([...forms].sort(), ['Limited Liability Partnership', 'Private Limited Company', 'Public Limited Company']);
});

test('some companies are closed, with a reason and a date after incorporation', () => {
  const closed = ids.map(generateCompany).filter((c) => c.status?.statusDetails?.status === 'CLOSED');
  assert.ok(closed.length > 5 && closed.length < ids.length / 3, `${closed.length} closed`);
  for (const c of closed) {
    assert.equal(c.status?.statusDetails?.status, 'CLOSED');
    assert.match(c.status?.statusDetails?.closureReason ?? '', /^(BANKRUPTCY|VOLUNTARY_DISSOLUTION|MERGER)$/);
    assert.ok(c.status!.statusDetails!.closureDate! > c.incorporationDate!);
  }
});

test('document ids say whose document they are and parse back', () => {
  for (const id of ['ACME-HOLDING', 'NORTHWIND.ACME-TRADING', 'A-1_2.3']) {
    for (const doc of generateView(id, price).availableDocuments) {
      const parsed = parseDocumentId(doc.id);
      assert.equal(parsed?.companyId, id);
      assert.equal(parsed?.type, doc.type);
      assert.equal(documentIdOf(id, parsed!.type, parsed!.year), doc.id);
    }
  }
  assert.equal(parseDocumentId('TEST-DOC-X-passport-2020'), undefined);
});

test('no appointment after insolvency proceedings started, no filing after the company was removed (closed)', () => {
  // The seed set: the showcase ids, every showcase group company, 3000 generated ids, and every TEST company those
  // name (owners, corporate directors, auditors, subsidiaries), as a client following them would meet them.
  const groups = JSON.parse(readFileSync(new URL('./groups.json', import.meta.url), 'utf8')) as { groups: { companies: object }[] };
  const seedIds = [
    'INSOLVENT',
    'MERGED',
    'BANKRUPT',
    'ACME-HOLDING',
    ...groups.groups.flatMap((g) => Object.keys(g.companies)),
    ...Array.from({ length: 3000 }, (_, i) => `CO${i}`),
  ];
  const named = (v: ReturnType<typeof generateView>) =>
    [...v.legalRepresentatives, ...v.otherKeyPersons, ...v.shareholders, ...v.subsidiaries].flatMap((p) =>
      'company' in p && p.company?.countryCode === 'TEST' && p.company.id ? [p.company.id] : [],
    );
  const all = new Set(seedIds);
  for (const id of seedIds) for (const other of named(generateView(id, price))) all.add(other);
  let insolvent = 0;
  let appointments = 0;
  let closed = 0;
  for (const id of all) {
    const v = generateView(id, price);
    const details = v.company.status?.statusDetails;
    if (details?.insolvencyStartDate) {
      insolvent++;
      for (const p of [...v.legalRepresentatives, ...v.otherKeyPersons]) {
        if (!p.startDate) continue;
        appointments++;
        assert.ok(
          p.startDate <= details.insolvencyStartDate,
          `${id}: ${p.role?.localName} appointed ${p.startDate}, in administration since ${details.insolvencyStartDate}`,
        );
        assert.ok(p.startDate >= v.company.incorporationDate!, `${id}: appointed ${p.startDate} before incorporation`);
      }
    }
    if (details?.closureDate) {
      closed++;
      for (const d of v.availableDocuments)
        if (d.date) assert.ok(d.date <= details.closureDate, `${id}: ${d.id} filed ${d.date}, removed ${details.closureDate}`);
    }
  }
  // Enough of each that a date drawn from the whole life would be caught.
  assert.ok(insolvent >= 100 && appointments >= 200, `${insolvent} insolvent companies, ${appointments} appointments`);
  assert.ok(closed >= 300, `${closed} closed companies`);
});
