// Shapes the incumbent API's clients read, beside ours (issue 17): monitor name and fetch time, paged monitor logs,
// and pricing's flat per-data-point entries.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

const DAY = 86_400_000;

describe('incumbent shapes', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  it('names a monitor’s company and its last fetch once checked, and pages its logs', async () => {
    const created = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ACME-HOLDING', countryCode: 'TEST' } });
    assert.equal(created.status, 201);
    // Creation reads the company once (its first snapshot): the name is known at once.
    assert.equal(created.body.companyName, 'Acme Holding Ltd');
    assert.equal(created.body.lastFetchedAt, created.body.lastCheckedAt ?? null);
    for (let day = 0; day < 3; day++) {
      await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: DAY + 60_000 } });
      assert.equal((await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).status, 200);
    }
    const read = await svc.call('GET', `/v2/monitors/${created.body.id}`, { key });
    const company = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
    });
    assert.equal(read.body.companyName, company.body.company.legalName);
    assert.equal(read.body.lastFetchedAt, read.body.lastCheckedAt);
    const listed = await svc.call('GET', '/v2/monitors', { key });
    assert.equal(listed.body.monitors[0].companyName, company.body.company.legalName);

    const all = await svc.call('GET', `/v2/monitors/${created.body.id}/logs`, { key });
    assert.ok(all.body.logs.length >= 3, JSON.stringify(all.body));
    assert.equal(all.body.hasNextPage, false);
    const first = await svc.call('GET', `/v2/monitors/${created.body.id}/logs?first=2`, { key });
    assert.equal(first.body.logs.length, 2);
    assert.equal(first.body.hasNextPage, true);
    const rest = await svc.call('GET', `/v2/monitors/${created.body.id}/logs?first=2&after=${first.body.nextCursor}`, { key });
    assert.equal(rest.body.hasNextPage, false);
    assert.deepEqual(
      [...first.body.logs, ...rest.body.logs].map((l: any) => l.id),
      all.body.logs.map((l: any) => l.id),
    );
    assert.equal((await svc.call('GET', `/v2/monitors/${created.body.id}/logs?first=0`, { key })).status, 400);
    assert.equal((await svc.call('GET', `/v2/monitors/${created.body.id}/logs?after=garbage`, { key })).status, 400);
  });

  it('prices each data point in the incumbent’s flat shape from the same catalogue', async () => {
    const res = await svc.call('GET', '/v2/pricing?countryCode=JE', { key });
    assert.equal(res.status, 200);
    const { body } = res;
    for (const dp of ['companyProfile', 'company', 'shareholders', 'ultimateBeneficialOwners', 'availableDocuments', 'graph']) {
      const ours = body.datapoints[dp];
      assert.deepEqual(body[dp], {
        available: ours.available,
        price: ours.modes.verification ?? ours.modes.onboarding ?? 0,
        pricingMode: ours.pricingMode,
      });
    }
    assert.equal(body.ultimateBeneficialOwners.available, false, 'JE publishes no UBOs');
    assert.equal(body.ultimateBeneficialOwners.price, 0);
  });
});
