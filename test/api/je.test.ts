import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readPdfLines } from '../../src/documents/pdf-lines.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const HARBOUR = '104325'; // private company: two directors, corporate secretary, one share held by one holder
const GOREY = '53817'; // public company: individual and corporate directors, shareholders not disclosed
const FINTECH = '126540'; // three shareholders, 600/300/100 shares
const DISSOLVED = '2981';
const STRUCK_OFF = '87001';
const DAY_MS = 86_400_000;

describe('JE register through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 100_000 })).apiKey;
  });
  after(() => svc.close());

  const search = (query: string) => svc.call('GET', `/v2/search?country=JE&query=${encodeURIComponent(query)}`, { key });
  const post = (body: Record<string, unknown>, k = key) =>
    svc.call('POST', '/v2/company', { key: k, body: { countryCode: 'JE', ...body } });
  const put = (id: string, record: unknown, behaviour?: unknown) =>
    svc.call('PUT', `/admin/sandbox/JE/companies/${id}`, { admin: true, body: { record, ...(behaviour ? { behaviour } : {}) } });
  const settled = (requestId: string, k = key) =>
    eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${requestId}`, { key: k });
        const all = [
          ...Object.values(r.body.request.dataStatus.dataPoints),
          ...Object.values(r.body.request.dataStatus.documents),
        ] as any[];
        return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r;
      },
      30_000,
      100,
    );
  const verify = async (body: Record<string, unknown>, k = key) => {
    const res = await post(body, k);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return (await settled(res.body.request.requestId, k)).body;
  };
  const events = async (requestId: string, k = key) =>
    (await svc.call('GET', `/v2/billing/events?first=100&requestId=${requestId}`, { key: k })).body.events as any[];

  it('searches by registration number: exactly that entity, or nothing', async () => {
    const res = await search('104 325');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, [
      {
        id: HARBOUR,
        legalName: 'Harbour View Holdings Limited',
        countryCode: 'JE',
        address: { countryCode: 'JE' },
        matchReason: { matchType: 'id', identifier: 'registrationNumber' },
        status: { localName: 'Active', active: true },
        score: 1,
      },
    ]);
    assert.deepEqual((await search('7654321')).body, []);
  });

  it('searches by name, fuzzy, former names included; refuses what is neither a number nor a name', async () => {
    const exact = await search('Harbour View Holdings Limited');
    assert.equal(exact.body[0].id, HARBOUR);
    assert.equal(exact.body[0].matchReason.matchType, 'exactLegalName');
    const former = await search('Gorey Harbour Estates');
    const hit = former.body.find((r: any) => r.id === '4417');
    assert.deepEqual(hit.matchReason, { matchType: 'previousName', matchedName: 'Gorey Harbour Estates Limited' });
    assert.equal(hit.legalName, 'Mont Orgueil Estates Limited');
    const fuzzy = await search('harbur');
    assert.ok(fuzzy.body.length >= 2 && fuzzy.body.every((r: any) => r.matchReason.matchType !== 'id'));
    for (const bad of ['123', '12345678', 'H', 'x'.repeat(101)]) {
      const res = await search(bad);
      assert.equal(res.status, 400, bad);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /4 to 7 digits|2 to 100 characters/);
    }
  });

  it('onboarding serves the public data only, not authoritative and free; report data is not offered', async () => {
    const res = await post({ id: HARBOUR, mode: 'onboarding', dataPoints: ['company', 'legalRepresentatives'] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.company, {
      countryCode: 'JE',
      id: HARBOUR,
      identifiers: { registrationNumber: HARBOUR },
      legalName: 'Harbour View Holdings Limited',
      legacyLegalNames: ['Harbour View Investments Limited'],
      status: { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE' } },
      registrationDate: '2009-09-14',
      incorporationDate: '2009-09-14',
      legalForm: {
        localName: 'Registered Company Private',
        englishTranslation: 'Private limited company',
        standardized: 'Limited Liability Company',
        iso20275Code: 'SQXV',
        isAIEnriched: false,
      },
    });
    const status = res.body.request.dataStatus.dataPoints;
    assert.equal(status.company.authoritative, false);
    assert.equal(status.company.cost, 0);
    assert.equal(status.legalRepresentatives.status, 'failed');
    assert.equal(status.legalRepresentatives.error.code, 'datapoint_not_supported');
    assert.equal(res.body.dataSources.company.overall.type, 'live_from_registry');
  });

  it('verification delivers the report: office and capital, directors, secretary, the sole shareholder at 100%, flagged as parsed', async () => {
    const body = await verify({ id: HARBOUR, dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders'] });
    const dp = body.request.dataStatus.dataPoints;
    for (const name of ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders']) {
      assert.equal(dp[name].status, 'succeeded', JSON.stringify(dp[name]));
      assert.equal(dp[name].authoritative, true);
    }
    // JE-OFFICERS covers both people data points: one charge, on its first data point the request asked for.
    assert.deepEqual([dp.company.cost, dp.legalRepresentatives.cost, dp.otherKeyPersons.cost, dp.shareholders.cost], [450, 50, 0, 50]);
    const c = body.company;
    assert.deepEqual(c.legalAddress, {
      addressLine1: '22 Esplanade',
      addressLine2: 'Second Floor',
      city: 'St Helier',
      postalCode: 'JE2 3QA',
      countryCode: 'JE',
    });
    assert.deepEqual(c.capital, { amount: 1, currency: 'GBP', formatted: 'GBP 1.00' });
    assert.equal(body.dataSources.company.overall.type, 'live_from_registry');
    assert.equal(body.dataSources.company.fields.legalAddress.type, 'ai_analysis');
    assert.equal(body.dataSources.company.fields.capital.type, 'ai_analysis');
    assert.equal(body.dataSources.company.fields.legalName, undefined, 'the name is from the public page');
    for (const block of ['legalRepresentatives', 'otherKeyPersons', 'shareholders'])
      assert.equal(body.dataSources[block].overall.type, 'ai_analysis', block);
    assert.match(body.dataSources.legalRepresentatives.overall.documents[0].name, /^Entity Profile Report, order JFSC-R-/);

    const [amelia, pierre] = body.legalRepresentatives;
    assert.equal(amelia.type, 'individual');
    assert.deepEqual(amelia.role, { standardized: 'Director', localName: 'Director', englishTranslation: 'Director' });
    assert.equal(amelia.startDate, '2009-09-14');
    assert.deepEqual(amelia.individual.name, { fullName: 'Amelia Jane Le Brocq', firstName: 'Amelia', lastName: 'Le Brocq' });
    assert.deepEqual(amelia.individual.birthDate, { month: 4, year: 1972 });
    assert.equal(amelia.individual.nationality, 'GB');
    assert.equal(pierre.individual.nationality, 'FR');
    assert.equal(pierre.individual.serviceAddress.countryCode, 'FR');
    assert.deepEqual(
      body.otherKeyPersons.map((p: any) => [p.type, p.company?.legalName, p.role.standardized]),
      [['company', 'St Aubin Secretaries Limited', 'Secretary']],
    );
    assert.deepEqual(
      body.shareholders.map((s: any) => [s.type, s.company?.legalName, s.numberOfShares, s.sharePercentage]),
      [['company', 'Harbour View Group Limited', 1, 100]],
    );
  });

  it('maps corporate directors, undisclosed shareholders and percentages from share counts', async () => {
    const gorey = await verify({ id: GOREY, dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders'] });
    assert.equal(gorey.company.legalForm.iso20275Code, 'JOX1', 'the ELF list has a code the spec table leaves out');
    assert.equal(gorey.company.legalForm.standardized, 'Corporation');
    assert.deepEqual(gorey.company.capital, { amount: 2_500_000, currency: 'GBP', formatted: 'GBP 2,500,000.00' });
    assert.deepEqual(
      gorey.legalRepresentatives.map((r: any) => [r.type, r.individual?.name.fullName ?? r.company.legalName]),
      [
        ['individual', 'Margaret Anne Falle'],
        ['company', 'Bellozanne Directors Limited'],
        ['individual', 'Hiroshi Tanaka'],
      ],
    );
    assert.equal(gorey.legalRepresentatives[1].company.legalAddress.city, 'St Helier');
    assert.equal(gorey.otherKeyPersons[0].individual.name.fullName, 'Catherine Mary Vibert');
    assert.deepEqual(gorey.shareholders, []);
    const fintech = await verify({ id: FINTECH, dataPoints: ['shareholders'] });
    assert.deepEqual(
      fintech.shareholders.map((s: any) => [s.individual?.name.fullName ?? s.company.legalName, s.sharePercentage]),
      [
        ['Oliver James Hamon', 60],
        ['Sofia Martins', 30],
        ['Seaton Place ICC Limited', 10],
      ],
    );
  });

  it('delivers the report as document jey-trade-register-extract, included with the profile block', async () => {
    const list = await post({ id: HARBOUR, mode: 'onboarding', dataPoints: ['availableDocuments'] });
    assert.deepEqual(
      list.body.availableDocuments.map((d: any) => [d.id, d.type, d.format, d.estimatedDeliverySeconds, d.price]),
      [[`JE-REPORT-${HARBOUR}`, 'tradeRegisterExtract', 'PDF', 60, 450]],
    );
    const { apiKey } = await svc.newAccount({ credits: 10_000 });
    const body = await verify({ id: HARBOUR, dataPoints: ['company'], documents: [`JE-REPORT-${HARBOUR}`] }, apiKey);
    const doc = body.request.dataStatus.documents[`JE-REPORT-${HARBOUR}`];
    assert.equal(doc.status, 'succeeded');
    assert.equal(doc.cost, 0, 'included with the profile block');
    const item = body.documents.tradeRegisterExtract;
    assert.equal(item.format, 'PDF');
    const pdf = await fetch(item.url);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const text = (await readPdfLines(new Uint8Array(await pdf.arrayBuffer()))).map((l) => l.runs.map((r) => r.text).join(' ')).join('\n');
    assert.match(text, /^Entity Profile Report$/m);
    assert.match(text, /Harbour View Holdings Limited/);
    assert.match(text, /Uncertified copy/);
    assert.deepEqual((await events(body.request.requestId, apiKey)).map((e: any) => [e.sku, e.status, e.amount]).sort(), [
      ['JE-PROFILE', 'charged', 450],
      ['jey-trade-register-extract', 'included', 0],
    ]);
  });

  it('inactive entities: name, status, legal form and registration date only; no report', async () => {
    const body = await verify({
      id: DISSOLVED,
      dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders', 'availableDocuments'],
    });
    const c = body.company;
    assert.deepEqual(Object.keys(c).sort(), [
      'countryCode',
      'id',
      'identifiers',
      'incorporationDate',
      'legalForm',
      'legalName',
      'registrationDate',
      'status',
    ]);
    assert.deepEqual(c.status, { localName: 'Dissolved', active: false, statusDetails: { status: 'CLOSED' } });
    // No report: the people are not given (failed, saying why), never an empty list that would mean "none".
    assert.deepEqual(
      [body.legalRepresentatives, body.otherKeyPersons, body.shareholders, body.availableDocuments],
      [undefined, undefined, undefined, []],
    );
    assert.match(body.request.dataStatus.dataPoints.legalRepresentatives.error.message, /Dissolved: the registry issues no profile report/);
    const struck = await verify({ id: STRUCK_OFF, dataPoints: ['company', 'legalRepresentatives'] });
    assert.deepEqual(struck.company.status.statusDetails, { status: 'CLOSED', closureReason: 'ADMINISTRATIVE_DISSOLUTION' });
    assert.equal(
      struck.request.dataStatus.dataPoints.legalRepresentatives.status,
      'failed',
      'a report stored for a struck-off entity is never issued',
    );
    const doc = await post({ id: DISSOLVED, documents: [`JE-REPORT-${DISSOLVED}`] });
    const settledDoc = (await settled(doc.body.request.requestId)).body.request.dataStatus.documents[`JE-REPORT-${DISSOLVED}`];
    assert.equal(settledDoc.status, 'failed');
    assert.equal(settledDoc.error.code, 'resource_not_found');
    assert.equal(settledDoc.cost, 0);
  });

  it('stores a sandbox record in the registry format and serves it through the page and the report', async () => {
    const bad = await put('654321', { entity: { name: 'No Type Limited', status: 'Active', registeredOn: '31/02/2020' } });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.error.details.some((d: string) => d.startsWith('record.entity.type')));
    assert.ok(bad.body.error.details.some((d: string) => d.startsWith('record.entity.registeredOn')));
    assert.equal((await put('12', { entity: {} })).status, 400, 'not a registration number');
    const ok = await put('654321', {
      entity: {
        name: 'Sandbox Trading (Jersey) Limited',
        type: 'Registered Company Private',
        status: 'Active',
        registeredOn: '2024-01-15',
        previousNames: [{ name: 'Sandbox Holdings Limited', to: '01/06/2025' }],
      },
      report: {
        registeredOffice: { addressLine1: '9 Broad Street', city: 'St Helier', postalCode: 'JE2 3RR' },
        capital: { amount: 1000, issuedShares: 4 },
        directors: [
          {
            name: 'Ocean Directors Limited',
            kind: 'corporate',
            appointedOn: '15/01/2024',
            address: '1 Quay Road, London, EC1A 1BB, United Kingdom',
          },
        ],
        shareholders: [
          { name: 'Ann Le Feuvre', kind: 'individual', shares: 3, shareClass: 'Ordinary' },
          { name: 'Ocean Holdings Limited', kind: 'corporate', shares: 1, shareClass: 'Ordinary' },
        ],
      },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const found = await search('Sandbox Holdings');
    assert.equal(found.body.find((r: any) => r.id === '654321')?.matchReason.matchType, 'previousName');
    const body = await verify({ id: '654321', dataPoints: ['company', 'legalRepresentatives', 'shareholders'] });
    assert.deepEqual(body.company.capital, { amount: 1000, currency: 'GBP', formatted: 'GBP 1,000.00' });
    assert.equal(body.company.registrationDate, '2024-01-15');
    assert.deepEqual(body.legalRepresentatives[0].company, {
      legalName: 'Ocean Directors Limited',
      legalAddress: { addressLine1: '1 Quay Road', city: 'London', postalCode: 'EC1A 1BB', countryCode: 'GB' },
    });
    assert.deepEqual(
      body.shareholders.map((s: any) => [s.type, s.sharePercentage]),
      [
        ['individual', 75],
        ['company', 25],
      ],
    );
  });

  it('register down: search and onboarding 503; verification retries failures, gives up after its window, and charges nothing', async () => {
    const entity = (name: string) => ({ name, type: 'Registered Company Private', status: 'Active', registeredOn: '01/01/2021' });
    await put(
      '700001',
      { entity: entity('Retry Me Limited'), report: { registeredOffice: { addressLine1: '1 Retry Road' } } },
      { failTimes: 1 },
    );
    const retried = await verify({ id: '700001', dataPoints: ['company'] });
    assert.equal(retried.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(retried.company.legalAddress.addressLine1, '1 Retry Road');

    await put('700002', { entity: entity('Never Up Limited') }, { unavailable: true });
    assert.equal((await post({ id: '700002', mode: 'onboarding' })).status, 503);
    const gaveUp = await verify({ id: '700002', dataPoints: ['company'] });
    const entry = gaveUp.request.dataStatus.dataPoints.company;
    assert.equal(entry.status, 'failed');
    assert.equal(entry.error.code, 'service_unavailable');
    assert.equal(entry.cost, 0);

    assert.equal((await svc.call('POST', '/admin/sandbox/JE/outage', { admin: true, body: { durationMs: 60_000 } })).status, 200);
    assert.equal((await search('harbour')).status, 503);
    assert.equal((await post({ id: HARBOUR, mode: 'onboarding' })).status, 503);
    await svc.call('POST', '/admin/sandbox/JE/outage', { admin: true, body: { durationMs: 0 } });
    assert.equal((await search('harbour')).status, 200);
  });

  it('charges the report once per 24 hours: a second request the same day is deduplicated, the next day charged again', async () => {
    const { apiKey } = await svc.newAccount({ credits: 10_000 });
    const balance = async () => (await svc.call('GET', '/v2/billing/balance', { key: apiKey })).body.balanceInCreditCents;
    const first = await verify({ id: FINTECH, dataPoints: ['company'] }, apiKey);
    assert.equal(first.request.dataStatus.dataPoints.company.cost, 450);
    const second = await verify({ id: FINTECH, dataPoints: ['company'], documents: [`JE-REPORT-${FINTECH}`] }, apiKey);
    assert.equal(second.request.dataStatus.dataPoints.company.cost, 0);
    assert.equal(second.company.legalAddress.addressLine1, 'Ordnance House');
    const [charged] = await events(first.request.requestId, apiKey);
    const again = await events(second.request.requestId, apiKey);
    assert.deepEqual(again.map((e: any) => [e.sku, e.status, e.amount, e.linkedEventId]).sort(), [
      ['JE-PROFILE', 'deduplicated', 0, charged.id],
      ['jey-trade-register-extract', 'included', 0, charged.id],
    ]);
    assert.equal(await balance(), 10_000 - 450);
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: DAY_MS + 60_000 } });
    const nextDay = await verify({ id: FINTECH, dataPoints: ['company'] }, apiKey);
    assert.equal(nextDay.request.dataStatus.dataPoints.company.cost, 450);
    assert.equal(await balance(), 10_000 - 900);
  });

  it('publishes its catalogue: report-based blocks in verification only', async () => {
    const res = await svc.call('GET', '/v2/pricing?countryCode=JE', { key });
    assert.equal(res.status, 200);
    const blocks = Object.fromEntries(res.body.blocks.map((b: any) => [b.sku, b.modes]));
    assert.deepEqual(blocks['JE-PROFILE'], { onboarding: 0, verification: 450 });
    assert.deepEqual(blocks['JE-OFFICERS'], { onboarding: null, verification: 50 });
    assert.deepEqual(
      res.body.documents.map((d: any) => [d.type, d.category, d.price]),
      [['jey-trade-register-extract', 'tradeRegisterExtract', 450]],
    );
  });
});
