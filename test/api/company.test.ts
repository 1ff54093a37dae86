import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

describe('POST /v2/company and GET /v2/company/{requestId}', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ ONBOARDING_DEADLINE_MS: '4000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const post = (body: unknown, k = key, headers?: Record<string, string>) => svc.call('POST', '/v2/company', { key: k, body, headers });

  it('onboarding mode returns the requested data points, and only those', async () => {
    const res = await post({
      id: 'ACME-HOLDING',
      countryCode: 'TEST',
      mode: 'onboarding',
      dataPoints: ['company', 'legalRepresentatives', 'shareholders'],
    });
    assert.equal(res.status, 200);
    const { request } = res.body;
    assert.match(request.requestId, /^req_/);
    assert.equal(request.countryCode, 'TEST');
    assert.equal(request.companyId, 'ACME-HOLDING');
    assert.deepEqual(request.dataPoints, ['company', 'legalRepresentatives', 'shareholders']);
    for (const dp of ['company', 'legalRepresentatives', 'shareholders']) {
      assert.equal(request.dataStatus.dataPoints[dp].status, 'succeeded', dp);
      assert.equal(typeof request.dataStatus.dataPoints[dp].cost, 'number');
      assert.equal(typeof request.dataStatus.dataPoints[dp].authoritative, 'boolean');
    }
    assert.equal(res.body.company.id, 'ACME-HOLDING');
    assert.equal(res.body.company.legalName, request.companyLegalName);
    assert.ok(res.body.legalRepresentatives.length >= 1);
    assert.ok(res.body.shareholders.length >= 1);
    assert.equal(res.body.ultimateBeneficialOwners, undefined, 'not requested, not present');
    assert.equal(res.body.establishments, undefined);
    assert.ok(res.body.dataSources.company.overall.type);
  });

  it('the same id gives the same company every time', async () => {
    const a = await post({ id: 'ZX81', countryCode: 'TEST', mode: 'onboarding' });
    const b = await post({ id: 'ZX81', countryCode: 'TEST', mode: 'onboarding' });
    // The register's data is the same; the tax authority's check is made again each time (its own time, or absent
    // when the authority did not answer in time), so it is left out of the comparison.
    const registerData = (c: any) => ({ ...c, taxId: c.taxId && { ...c.taxId, verification: undefined } });
    assert.deepEqual(registerData(a.body.company), registerData(b.body.company));
    assert.ok(a.body.company.taxId?.value, 'a generated UK company has a VAT number');
    assert.deepEqual(a.body.request.dataPoints, ['company'], 'company is the default data point');
  });

  it('verification mode answers in_progress at once and completes in the background', async () => {
    const res = await post({
      id: 'ACME-SERVICES',
      countryCode: 'TEST',
      dataPoints: ['company', 'ultimateBeneficialOwners', 'establishments'],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.mode, 'verification');
    const statuses = Object.values(res.body.request.dataStatus.dataPoints).map((e: any) => e.status);
    assert.ok(statuses.every((s) => s === 'in_progress' || s === 'succeeded'));
    const id = res.body.request.requestId;
    const done = await eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${id}`, { key });
      const all = Object.values(r.body.request.dataStatus.dataPoints) as any[];
      return all.every((e) => e.status === 'succeeded') && r;
    });
    assert.equal(done.body.company.id, 'ACME-SERVICES');
    assert.ok(Array.isArray(done.body.ultimateBeneficialOwners));
    assert.ok(Array.isArray(done.body.establishments));
    assert.equal(done.body.request.dataStatus.dataPoints.company.authoritative, true);
  });

  it("another account's request is a 404; an unknown one too", async () => {
    const res = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding' });
    const other = await svc.newAccount();
    const foreign = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key: other.apiKey });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error.code, 'resource_not_found');
    const unknown = await svc.call('GET', '/v2/company/req_nope', { key });
    assert.equal(unknown.status, 404);
  });

  it('validates the body, naming each bad field, and stores nothing', async () => {
    const before = await svc.db.query<{ n: number }>('select count(*)::int8 as n from requests');
    const res = await post({ id: '', countryCode: 'ZZ', dataPoints: ['company', 'horoscope'], mode: 'fast', maxBudget: -1 });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    const details = res.body.error.details.join('\n');
    for (const field of ['id', 'countryCode', 'dataPoints', 'mode', 'maxBudget']) assert.match(details, new RegExp(field));
    // A near miss of a known field is refused (an unknown one is ignored: test/api/incumbent-requests.test.ts).
    const typo = await post({ id: 'ACME', countryCode: 'TEST', dataPoint: ['company'] });
    assert.equal(typo.status, 400);
    const badId = await post({ id: 'has spaces!', countryCode: 'TEST' });
    assert.equal(badId.status, 400);
    // An empty list asks for nothing: the caller's mistake (400), not data the register lacks (406).
    for (const body of [{ dataPoints: [] }, { dataPoints: [], documents: [] }]) {
      const nothing = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding', ...body });
      assert.equal(nothing.status, 400, JSON.stringify(body));
      assert.equal(nothing.body.error.code, 'invalid_request');
      assert.match(nothing.body.error.details.join('\n'), /dataPoints.*asks for nothing/);
    }
    const after = await svc.db.query<{ n: number }>('select count(*)::int8 as n from requests');
    assert.equal(after[0]!.n, before[0]!.n);
  });

  it('answers 406 for a country without a register and 400 for US-NY when not enabled', async () => {
    const at = await post({ id: 'FN123456', countryCode: 'AT' });
    assert.equal(at.status, 406);
    assert.equal(at.body.error.code, 'not_supported');
    const ny = await post({ id: '1234567', countryCode: 'US-NY' });
    assert.equal(ny.status, 400);
    assert.match(ny.body.error.message, /US-NY/);
  });

  it('answers the special TEST ids as named', async () => {
    for (const mode of ['onboarding', 'verification']) {
      for (const [id, status] of [
        ['RESOURCE_NOT_FOUND', 404],
        ['INVALID_REQUEST', 400],
        ['PROCESSING_FAILED', 422],
        ['SERVICE_UNAVAILABLE', 503],
      ] as const) {
        const res = await post({ id, countryCode: 'TEST', mode });
        assert.equal(res.status, status, `${id} in ${mode}`);
        assert.equal(res.body.statusCode, status);
      }
    }
  });

  it('onboarding gives 503 while the register is down; verification keeps trying', async () => {
    await svc.call('PUT', '/admin/sandbox/TEST/companies/FLAKY-1', {
      admin: true,
      body: { record: { company: { legalName: 'Flaky Ltd' } }, behaviour: { unavailable: true } },
    });
    const down = await post({ id: 'FLAKY-1', countryCode: 'TEST', mode: 'onboarding' });
    assert.equal(down.status, 503);
    assert.equal(down.body.error.code, 'service_unavailable');

    await svc.call('PUT', '/admin/sandbox/TEST/companies/FLAKY-2', {
      admin: true,
      body: { record: { company: { legalName: 'Twice Flaky Ltd' } }, behaviour: { failTimes: 2 } },
    });
    const res = await post({ id: 'FLAKY-2', countryCode: 'TEST' });
    const done = await eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r;
    }, 15_000);
    assert.equal(done.body.company.legalName, 'Twice Flaky Ltd');
  });

  it('onboarding returns what arrived before the deadline and onboarding_timeout for the rest', async () => {
    await svc.call('PUT', '/admin/sandbox/TEST/companies/SLOW-1', {
      admin: true,
      body: {
        record: { company: { legalName: 'Slow Ltd' }, legalRepresentatives: [] },
        behaviour: { latencyMs: { profile: 15000 } },
      },
    });
    const started = Date.now();
    const res = await post({ id: 'SLOW-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company', 'availableDocuments'] });
    assert.ok(Date.now() - started < 12000, 'answered at the deadline, not after the register');
    assert.equal(res.status, 200);
    const company = res.body.request.dataStatus.dataPoints.company;
    assert.equal(company.status, 'failed');
    assert.equal(company.error.code, 'onboarding_timeout');
    assert.equal(company.cost, 0);
    assert.equal(res.body.request.dataStatus.dataPoints.availableDocuments.status, 'succeeded');
  });

  it('applies the metadata limits of spec §8', async () => {
    const metadata: Record<string, string> = { long: 'v'.repeat(600), ['k'.repeat(41)]: 'skipped' };
    for (let i = 0; i < 60; i++) metadata[`key${i}`] = String(i);
    const res = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding', metadata });
    assert.equal(res.status, 200);
    const kept = res.body.request.metadata;
    assert.equal(Object.keys(kept).length, 50);
    assert.equal(kept.long.length, 500);
    assert.equal(kept['k'.repeat(41)], undefined);
  });

  it('replays an Idempotency-Key without new work, and refuses it for another body', async () => {
    const body = { id: 'ACME-INTERNATIONAL', countryCode: 'TEST', mode: 'onboarding' };
    const first = await post(body, key, { 'idempotency-key': 'idem-1' });
    const again = await post(body, key, { 'idempotency-key': 'idem-1' });
    assert.equal(again.status, 200);
    assert.equal(again.body.request.requestId, first.body.request.requestId);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const rows = await svc.db.query('select id from requests where company_id = $1', ['ACME-INTERNATIONAL']);
    assert.equal(rows.length, 1);
    const clash = await post({ ...body, id: 'OTHER' }, key, { 'idempotency-key': 'idem-1' });
    assert.equal(clash.status, 400);
    const other = await svc.newAccount();
    const otherAccount = await post(body, other.apiKey, { 'idempotency-key': 'idem-1' });
    assert.notEqual(otherAccount.body.request.requestId, first.body.request.requestId, 'keys are per account');
  });

  it('retrieves documents as real PDFs behind signed URLs', async () => {
    const list = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['availableDocuments'] });
    const docs = list.body.availableDocuments;
    assert.ok(docs.length >= 1);
    const wanted = docs[0];
    const res = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding', documents: [wanted.id] });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.documents[wanted.id].status, 'succeeded');
    const item = Object.values(res.body.documents)
      .flat()
      .find((d: any) => d.id === wanted.id) as any;
    assert.ok(item.url);
    const pdf = await fetch(item.url);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const tampered = await fetch(item.url.replace(/signature=[^&]+/, 'signature=forged'));
    assert.equal(tampered.status, 401);
    const unknownDoc = await post({ id: 'ACME', countryCode: 'TEST', mode: 'onboarding', documents: ['TEST-DOC-NOPE'] });
    assert.equal(unknownDoc.status, 404);
  });

  it('serves the deprecated onboarding route with `country` in the request record', async () => {
    const res = await svc.call('POST', '/v2/onboarding', {
      key,
      body: { id: 'ACME', countryCode: 'TEST', dataPoints: ['companyProfile'] },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.country, 'TEST');
    assert.equal(res.body.request.countryCode, 'TEST', 'the incumbent requires countryCode there too: both are given');
    assert.equal(res.body.request.dataStatus.dataPoints.companyProfile.status, 'succeeded');
    assert.equal(res.body.company.id, 'ACME');
    const bad = await svc.call('POST', '/v2/onboarding', { key, body: { id: 'ACME', countryCode: 'TEST', dataPoints: ['shareholders'] } });
    assert.equal(bad.status, 400);
  });
});
