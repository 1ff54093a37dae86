import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

describe('GET /v2/search', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  it('finds TEST companies by name, ranked by match type, each with an address', async () => {
    const res = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key });
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body) && res.body.length >= 3);
    const order = ['id', 'exactLegalName', 'partialId', 'previousName', 'default'];
    const ranks = res.body.map((r: any) => order.indexOf(r.matchReason.matchType));
    assert.deepEqual(
      ranks,
      [...ranks].sort((x: number, y: number) => x - y),
      'ordered by match type',
    );
    for (const r of res.body) {
      assert.equal(r.countryCode, 'TEST');
      assert.ok(r.id && r.legalName && r.address);
    }
    assert.ok(res.body.some((r: any) => r.matchReason.matchType === 'previousName'));
  });

  it('finds a company by id with matchType id, and the id retrieves the same company', async () => {
    const res = await svc.call('GET', '/v2/search?country=TEST&query=12345678', { key });
    assert.equal(res.status, 200);
    const hit = res.body[0];
    assert.equal(hit.matchReason.matchType, 'id');
    assert.equal(hit.matchReason.identifier, 'registrationNumber');
    const company = await svc.call('POST', '/v2/company', { key, body: { id: hit.id, countryCode: 'TEST', mode: 'onboarding' } });
    assert.equal(company.status, 200);
    assert.equal(company.body.company.legalName, hit.legalName);
  });

  it('finds stored sandbox companies', async () => {
    const put = await svc.call('PUT', '/admin/sandbox/TEST/companies/STORED-1', {
      admin: true,
      body: { record: { company: { legalName: 'Zebulon Widgets Ltd', legalAddress: { city: 'Leeds', countryCode: 'GB' } } } },
    });
    assert.equal(put.status, 200);
    const res = await svc.call('GET', '/v2/search?country=TEST&query=Zebulon%20Widgets%20Ltd', { key });
    assert.equal(res.status, 200);
    assert.equal(res.body[0].id, 'STORED-1');
    assert.equal(res.body[0].matchReason.matchType, 'exactLegalName');
  });

  it('streams progress per source, then complete, as Server-Sent Events', async () => {
    const res = await fetch(`${svc.url}/v2/search?country=TEST&query=acme&stream=true`, {
      headers: { 'x-api-key': key, accept: 'text/event-stream' },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/event-stream/);
    assert.ok(res.headers.get('ratelimit-limit'));
    const text = await res.text();
    const events = text
      .trim()
      .split('\n\n')
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return { event: eventLine!.replace('event: ', ''), data: JSON.parse(dataLine!.replace('data: ', '')) };
      });
    assert.equal(events[0]!.event, 'progress');
    assert.equal(typeof events[0]!.data.source, 'string');
    assert.ok(Array.isArray(events[0]!.data.results));
    const last = events.at(-1)!;
    assert.equal(last.event, 'complete');
    assert.ok(last.data.results.length >= 3);
  });

  it('validates its parameters', async () => {
    const noCountry = await svc.call('GET', '/v2/search?query=acme', { key });
    assert.equal(noCountry.status, 400);
    assert.equal(noCountry.body.error.code, 'invalid_request');
    assert.ok(noCountry.body.error.details.some((d: string) => d.includes('country')));
    const badCountry = await svc.call('GET', '/v2/search?country=XX&query=acme', { key });
    assert.equal(badCountry.status, 400);
    const noQuery = await svc.call('GET', '/v2/search?country=TEST', { key });
    assert.equal(noQuery.status, 400);
    const empty = await svc.call('GET', '/v2/search?country=TEST&query=%20%20', { key });
    assert.equal(empty.status, 400);
  });

  it('answers 406 for a country of the enum without a register', async () => {
    const res = await svc.call('GET', '/v2/search?country=AT&query=acme', { key });
    assert.equal(res.status, 406);
    assert.equal(res.body.error.code, 'not_supported');
    assert.match(res.body.error.message, /AT/);
  });

  it('answers the special TEST ids as named', async () => {
    for (const [id, status, code] of [
      ['RESOURCE_NOT_FOUND', 404, 'resource_not_found'],
      ['INVALID_REQUEST', 400, 'invalid_request'],
      ['PROCESSING_FAILED', 422, 'processing_failed'],
      ['SERVICE_UNAVAILABLE', 503, 'service_unavailable'],
    ] as const) {
      const res = await svc.call('GET', `/v2/search?country=TEST&query=${id}`, { key });
      assert.equal(res.status, status, id);
      assert.equal(res.body.error.code, code);
    }
  });

  it('answers 503 during a register outage', async () => {
    const outage = await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 60_000 } });
    assert.equal(outage.status, 200);
    const res = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key });
    assert.equal(res.status, 503);
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 61_000 } });
    const after = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key });
    assert.equal(after.status, 200);
  });
});
