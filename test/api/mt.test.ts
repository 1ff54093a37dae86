import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const MARITIME = 'C21345';
const SICAV = 'C61234';
const YEAR_MS = 365 * 86_400_000;

describe('MT register through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const search = (query: string) => svc.call('GET', `/v2/search?country=MT&query=${encodeURIComponent(query)}`, { key });
  const post = (body: Record<string, unknown>) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'MT', ...body } });
  const put = (id: string, record: unknown, behaviour?: unknown) =>
    svc.call('PUT', `/admin/sandbox/MT/companies/${encodeURIComponent(id)}`, {
      admin: true,
      body: { record, ...(behaviour ? { behaviour } : {}) },
    });
  const events = async (requestId: string) =>
    (await svc.call('GET', `/v2/billing/events?requestId=${requestId}`, { key })).body.events as any[];
  const settled = (requestId: string) =>
    eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      const all = [...Object.values(r.body.request.dataStatus.dataPoints), ...Object.values(r.body.request.dataStatus.documents)] as any[];
      return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r;
    }, 30_000);
  const minimal = (name: string) => ({
    company: { name, type: 'Limited Liability Company', subtype: 'Private Exempt', suffix: 'Ltd.', state: 'Active' },
  });

  it('searches by company number whatever the spacing: one exact result', async () => {
    for (const q of ['c 21345', 'C21345', ' C  21345 ']) {
      const res = await search(q);
      assert.equal(res.status, 200, q);
      assert.equal(res.body.length, 1, q);
      assert.equal(res.body[0].id, MARITIME);
      assert.deepEqual(res.body[0].matchReason, { matchType: 'id', identifier: 'registrationNumber' });
      assert.equal(res.body[0].legalName, 'MEDITERRANEAN MARITIME SERVICES LIMITED');
      assert.deepEqual(res.body[0].address, {
        addressLine1: 'Level 2, 171, Old Bakery Street',
        city: 'Valletta',
        postalCode: 'VLT 1455',
        countryCode: 'MT',
      });
    }
    assert.deepEqual((await search('C 2134')).body, [], 'exact, not a prefix');
  });

  it('searches by part of a name (at least 3 characters), exact names first; no VAT search', async () => {
    const partial = await search('maritime serv');
    assert.equal(partial.status, 200);
    assert.ok(partial.body.some((r: any) => r.id === MARITIME && r.matchReason.matchType === 'default'));
    const exact = await search('ħamrun heritage bakery limited');
    assert.equal(exact.body[0].id, 'C45678');
    assert.equal(exact.body[0].matchReason.matchType, 'exactLegalName');
    const short = await search('ab');
    assert.equal(short.status, 400);
    assert.match(short.body.error.message, /at least 3 characters/);
    const vat = await search('MT12345678');
    assert.equal(vat.status, 400);
    assert.match(vat.body.error.message, /VAT/);
  });

  it('retrieves the profile: both identifiers, legal form with its ELF code, status, capital, office, composed activity', async () => {
    const res = await post({ id: 'c 21345', mode: 'onboarding', dataPoints: ['company'] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const c = res.body.company;
    assert.equal(c.id, MARITIME);
    assert.deepEqual(c.identifiers, { registrationNumber: 'C 21345', uuid: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7f3a9c10' });
    assert.deepEqual(c.legalForm, {
      localName: 'Limited Liability Company (Private Exempt)',
      englishTranslation: 'Private limited liability company',
      standardized: 'Limited Liability Company',
      iso20275Code: 'V89C',
      isAIEnriched: true,
    });
    assert.deepEqual(c.status, { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE' } });
    assert.deepEqual(c.capital, { amount: 46587.47, currency: 'EUR', formatted: 'EUR 46,587.47' });
    assert.equal(c.registrationDate, '2008-04-15');
    assert.equal(c.legalAddress.city, 'Valletta');
    assert.equal(c.activityDescription, 'Limited Liability Company - Private Exempt');
    // The type (Private Exempt) names no trade; the name does (Maritime Services): inferred, flagged.
    assert.deepEqual(c.activities.NACE, [
      { code: '52.22', description: 'Service activities incidental to water transportation', isAIInferred: true },
    ]);
    assert.equal(res.body.request.dataStatus.dataPoints.company.authoritative, true);
  });

  it('infers activity codes from the company type, flags them, and says so in dataSources', async () => {
    const res = await post({ id: SICAV, mode: 'onboarding', dataPoints: ['company'] });
    const c = res.body.company;
    assert.equal(c.legalForm.standardized, 'Corporation');
    assert.equal(c.legalForm.iso20275Code, undefined, 'no ELF row for investment companies');
    assert.equal(c.activities.NACE[0].code, '64.30');
    assert.equal(c.activities.ISIC[0].code, '6430');
    for (const item of [...c.activities.NACE, ...c.activities.ISIC]) assert.equal(item.isAIInferred, true);
    assert.equal(res.body.dataSources.company.fields.activities.type, 'inferred');
    const partnership = await post({ id: 'C90123', mode: 'onboarding' });
    assert.equal(partnership.body.company.legalForm.localName, 'Partnership en Nom Collectif');
    assert.equal(partnership.body.company.legalForm.iso20275Code, 'JOZN');
  });

  it('puts natural-person directors and representatives first, everyone else among key persons; no shareholders, UBOs, establishments', async () => {
    const res = await post({
      id: MARITIME,
      mode: 'onboarding',
      dataPoints: ['legalRepresentatives', 'otherKeyPersons', 'shareholders', 'ultimateBeneficialOwners', 'establishments'],
    });
    assert.equal(res.status, 200);
    const reps = res.body.legalRepresentatives.map((p: any) => `${p.individual.name.fullName}:${p.role.localName}`);
    assert.deepEqual(reps, [
      'Joseph Borg:Director',
      'Lars Johansson:Director',
      'Maria Camilleri:Legal Representative',
      'Ġużeppi Farrugia:Judicial Representative',
    ]);
    assert.equal(res.body.legalRepresentatives[1].individual.nationality, 'SE');
    const others = res.body.otherKeyPersons.map(
      (p: any) => `${p.type}:${p.individual?.name.fullName ?? p.company.legalName}:${p.role.localName}:${p.role.standardized}`,
    );
    assert.deepEqual(others, [
      'company:ZAMMIT CORPORATE SERVICES LIMITED:Director:Director',
      'individual:Rita Vella:Secretary:Secretary',
      'company:GRECH & ATTARD AUDIT LIMITED:Auditor:Auditor',
      'individual:Joseph Borg:Subscriber:Subscriber',
      'company:BORG HOLDINGS LIMITED:Subscriber:Subscriber',
      'individual:Lars Johansson:Shareholder:Other',
    ]);
    for (const dp of ['shareholders', 'ultimateBeneficialOwners', 'establishments']) {
      assert.equal(res.body.request.dataStatus.dataPoints[dp].status, 'failed', dp);
      assert.equal(res.body.request.dataStatus.dataPoints[dp].error.code, 'datapoint_not_supported', dp);
    }
    const pricing = await svc.call('GET', '/v2/pricing?countryCode=MT', { key });
    assert.equal(pricing.body.datapoints.shareholders.available, false);
  });

  it('lists documents free, retrieves one in the three steps, charges it once and deduplicates it for 99 years', async () => {
    const list = await post({ id: MARITIME, mode: 'onboarding', dataPoints: ['availableDocuments'] });
    assert.equal(list.status, 200);
    assert.equal(list.body.request.dataStatus.dataPoints.availableDocuments.cost, 0);
    const docs = list.body.availableDocuments;
    assert.deepEqual(docs.map((d: any) => d.type).sort(), [
      'annualReturns',
      'annualReturns',
      'articlesOfAssociation',
      'financialStatements',
      'financialStatements',
      'otherDocuments',
    ]);
    const accounts = docs.find((d: any) => d.id === 'MT-C21345-ACCOUNTS-80403');
    assert.deepEqual(
      { name: accounts.name, format: accounts.format, period: accounts.period, price: accounts.price, isAIEnriched: accounts.isAIEnriched },
      { name: 'Annual accounts 2023', format: 'MLT_ANNUAL_ACCOUNTS', period: { year: 2023 }, price: 1500, isAIEnriched: true },
    );

    const first = await post({ id: MARITIME, mode: 'onboarding', documents: [accounts.id] });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.request.dataStatus.documents[accounts.id].status, 'succeeded');
    const [item] = first.body.documents.financialStatements;
    assert.equal(item.name, 'Annual accounts 2023');
    assert.deepEqual(item.period, { startDate: { year: 2023, month: 1, day: 1 }, endDate: { year: 2023, month: 12, day: 31 } });
    assert.equal(item.isAIEnriched, true);
    const pdf = await fetch(item.url);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.arrayBuffer())), { mergePages: true });
    assert.match(text, /MEDITERRANEAN MARITIME SERVICES LIMITED/);
    assert.match(text, /Statement of financial position as at 31 December 2023/);
    const charged = (await events(first.body.request.requestId)).find((e) => e.kind === 'document');
    assert.deepEqual(
      { status: charged.status, amount: charged.amount, sku: charged.sku },
      { status: 'charged', amount: 1500, sku: 'MLT_ANNUAL_ACCOUNTS' },
    );

    // Years later (the service clock moves), the same document is still covered by the first charge.
    assert.equal((await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 10 * YEAR_MS } })).status, 200);
    const again = await post({ id: MARITIME, mode: 'onboarding', documents: [accounts.id] });
    assert.equal(again.body.request.dataStatus.documents[accounts.id].status, 'succeeded');
    assert.equal(again.body.request.dataStatus.documents[accounts.id].cost, 0);
    const dedup = (await events(again.body.request.requestId)).find((e) => e.kind === 'document');
    assert.deepEqual(
      { status: dedup.status, amount: dedup.amount, linkedEventId: dedup.linkedEventId },
      { status: 'deduplicated', amount: 0, linkedEventId: charged.id },
    );

    const foreign = await post({ id: MARITIME, mode: 'onboarding', documents: ['MT-C45678-MEMART-11001'] });
    assert.equal(foreign.status, 404, 'another company’s document');
  });

  it('stores a sandbox record in the registry’s format and serves it, refusing malformed ones', async () => {
    const bad = await put('C 77001', { company: { name: 'NO TYPE LIMITED', state: 'Active' } });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.error.details.some((d: string) => d.startsWith('record.company.type')));
    const ok = await put('c 77001', {
      company: {
        registrationNumber: 'C 1',
        name: 'GREGALE GAMING LIMITED',
        type: 'Limited Liability Company',
        subtype: 'Private Exempt',
        suffix: 'Ltd.',
        state: 'Being Struck Off',
        stateEffectiveDate: '2026-01-10',
        registrationDate: '2017-05-02',
        registeredOffice: { street: 'Dragonara Road', locality: "St. Julian's", postcode: 'STJ 3143', country: 'Malta' },
        issuedCapital: 1200,
        currency: 'EUR',
      },
      involvements: [
        { role: 'Director', name: 'Ritianne Ċachia', isLegalEntity: false, idCardNumber: '112233M', nationality: 'Maltese' },
        { role: 'Director', name: 'FJORD PAYMENTS AS', isLegalEntity: true, address: { country: 'Norway' } },
      ],
      documents: [{ fileId: 'A-1', date: '2017-05-02', title: 'Memorandum and Articles of Association', documentsInFile: 1 }],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.companyId, 'C77001');
    const res = await post({
      id: 'C77001',
      mode: 'onboarding',
      dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'availableDocuments'],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.company.identifiers.registrationNumber, 'C 77001', 'the path’s number wins');
    assert.deepEqual(res.body.company.status, {
      localName: 'Being Struck Off',
      active: false,
      statusDetails: { status: 'CLOSED', additionalInfo: 'Striking off in progress since 2026-01-10' },
    });
    assert.deepEqual(
      res.body.legalRepresentatives.map((p: any) => p.individual.name.fullName),
      ['Ritianne Ċachia'],
    );
    assert.equal(res.body.otherKeyPersons[0].company.countryCode, 'NO');
    assert.equal(res.body.availableDocuments[0].id, 'MT-C77001-MEMART-A-1');
    assert.equal((await search('gregale gaming')).body[0].id, 'C77001');

    assert.equal((await svc.call('DELETE', '/admin/sandbox/MT/companies/C77001', { admin: true })).status, 204);
    assert.equal((await post({ id: 'C77001', mode: 'onboarding' })).status, 404);
    assert.deepEqual((await search('C 77001')).body, []);
    assert.equal((await post({ id: '77001', mode: 'onboarding' })).status, 400);
  });

  it('registry down: onboarding fails with 503; verification retries, then succeeds or fails unbilled; outages stop search too', async () => {
    assert.equal((await put('C77002', minimal('SIROCCO DOWN LIMITED'), { unavailable: true })).status, 200);
    const down = await post({ id: 'C77002', mode: 'onboarding' });
    assert.equal(down.status, 503);
    assert.equal(down.body.error.code, 'service_unavailable');

    assert.equal((await put('C77003', minimal('SIROCCO RETRY LIMITED'), { failTimes: 2 })).status, 200);
    const retried = await settled((await post({ id: 'C77003' })).body.request.requestId);
    assert.equal(retried.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(retried.body.company.legalName, 'SIROCCO RETRY LIMITED');

    const gaveUp = await settled((await post({ id: 'C77002' })).body.request.requestId);
    const entry = gaveUp.body.request.dataStatus.dataPoints.company;
    assert.equal(entry.status, 'failed');
    assert.equal(entry.error.code, 'service_unavailable');
    assert.equal(entry.cost, 0);

    assert.equal((await svc.call('POST', '/admin/sandbox/MT/outage', { admin: true, body: { durationMs: 60_000 } })).status, 200);
    assert.equal((await search('maritime')).status, 503);
    assert.equal((await post({ id: MARITIME, mode: 'onboarding' })).status, 503);
    const during = await settled((await post({ id: MARITIME })).body.request.requestId);
    assert.equal(during.body.request.dataStatus.dataPoints.company.error.code, 'service_unavailable');
  });
});
