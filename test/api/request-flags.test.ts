import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

describe('request flags fast and authoritative', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ ONBOARDING_DEADLINE_MS: '4000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const post = (body: Record<string, unknown>) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', ...body } });
  const store = (id: string, legalName: string) =>
    svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, { admin: true, body: { record: { company: { legalName } } } });

  it('fast serves a retrieval of the last 24 hours without calling the register, marked cached with its original time', async () => {
    assert.equal((await store('FAST-1', 'Before Rename Ltd')).status, 200);
    const first = await post({ id: 'FAST-1', mode: 'onboarding' });
    assert.equal(first.status, 200);
    assert.equal(first.body.company.legalName, 'Before Rename Ltd');
    const firstSource = first.body.dataSources.company.overall;
    assert.equal(firstSource.type, 'live_from_registry');

    // The register changes, then goes down: a fast request still answers, with what was fetched before.
    assert.equal((await store('FAST-1', 'After Rename Ltd')).status, 200);
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 60_000 } });
    const fast = await post({ id: 'FAST-1', mode: 'onboarding', fast: true });
    assert.equal(fast.status, 200);
    assert.equal(fast.body.company.legalName, 'Before Rename Ltd');
    assert.equal(fast.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(fast.body.dataSources.company.overall.type, 'cached_from_registry');
    assert.equal(fast.body.dataSources.company.overall.retrievedAt, firstSource.retrievedAt, 'the original retrieval time');

    // Without fast the register is called: during the outage that fails.
    const live = await post({ id: 'FAST-1', mode: 'onboarding' });
    assert.equal(live.status, 503);
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
  });

  it('fast calls the register when nothing recent was fetched, and after the window has passed', async () => {
    assert.equal((await store('FAST-2', 'Old Name Ltd')).status, 200);
    const none = await post({ id: 'FAST-2', mode: 'onboarding', fast: true });
    assert.equal(none.body.company.legalName, 'Old Name Ltd');
    assert.equal(none.body.dataSources.company.overall.type, 'live_from_registry');

    assert.equal((await store('FAST-2', 'New Name Ltd')).status, 200);
    assert.equal((await post({ id: 'FAST-2', mode: 'onboarding', fast: true })).body.company.legalName, 'Old Name Ltd');
    assert.equal((await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 25 * 3_600_000 } })).status, 200);
    const later = await post({ id: 'FAST-2', mode: 'onboarding', fast: true });
    assert.equal(later.body.company.legalName, 'New Name Ltd', 'older than 24 hours: fetched again');
    assert.equal(later.body.dataSources.company.overall.type, 'live_from_registry');
  });

  it('an onboarding retrieval does not serve a fast verification request', async () => {
    assert.equal((await store('FAST-3', 'Onboarded Ltd')).status, 200);
    await post({ id: 'FAST-3', mode: 'onboarding' });
    assert.equal((await store('FAST-3', 'Verified Ltd')).status, 200);
    const res = await post({ id: 'FAST-3', mode: 'verification', fast: true });
    const done = await eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r;
    });
    assert.equal(done.body.company.legalName, 'Verified Ltd');
    assert.equal(done.body.dataSources.company.overall.type, 'live_from_registry');
  });

  it('authoritative fetches only blocks authoritative in the mode; the others fail as not supported, free', async () => {
    const pricing = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key });
    const profile = pricing.body.blocks.find((b: any) => b.datapoints.includes('company'));
    assert.equal(profile.authoritative.onboarding, false, 'the TEST profile is not authoritative in onboarding mode');

    const refused = await post({ id: 'AUTH-1', mode: 'onboarding', authoritative: true });
    assert.equal(refused.status, 406);
    assert.match(refused.body.error.message, /authoritative/);

    const res = await post({ id: 'AUTH-1', mode: 'verification', authoritative: true, dataPoints: ['company', 'graph'] });
    assert.equal(res.status, 200);
    const graph = res.body.request.dataStatus.dataPoints.graph;
    assert.equal(graph.status, 'failed');
    assert.equal(graph.error.code, 'datapoint_not_supported');
    assert.match(graph.error.message, /authoritative/);
    assert.equal(graph.cost, 0);
    const done = await eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r;
    });
    assert.equal(done.body.request.dataStatus.dataPoints.company.authoritative, true);
  });
});
