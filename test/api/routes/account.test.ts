import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Balance } from '../../../src/contract/accounts.ts';
import { WorkspaceOverride } from '../../../src/contract/billing-notifications.ts';
import { Pricing } from '../../../src/contract/pricing.ts';
import { CompanyResponse, OnboardingResponse } from '../../../src/contract/request.ts';
import { assertError } from '../../support/envelope.ts';
import { startTestService, type TestService } from '../../support/service.ts';

/** Account routes whose errors the scenario tests leave out: balance, pricing, the deprecated onboarding route, a workspace's notification override. */
describe('account routes', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount({ credits: 12_345 })).apiKey;
  });
  after(() => svc.close());

  describe('GET /v2/billing/balance', () => {
    it('happy: shows the balance the account was given', async () => {
      const res = await svc.call('GET', '/v2/billing/balance', { key });
      assert.equal(res.status, 200);
      const balance = Balance.parse(res.body);
      assert.equal(balance.balanceInCreditCents, 12_345);
      assert.equal(balance.status, 'ok');
    });
    it('error: a key that is not one of ours is a 401, not a balance', async () => {
      assertError(await svc.call('GET', '/v2/billing/balance', { key: `${key}x` }), 401, 'unauthorized');
    });
  });

  describe('GET /v2/pricing', () => {
    it('happy: shows the TEST catalogue in credit cents', async () => {
      const res = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key });
      assert.equal(res.status, 200);
      const pricing = Pricing.parse(res.body);
      assert.equal(pricing.countryCode, 'TEST');
      assert.equal(pricing.currency, 'credit_cents');
    });
    it('error: no country or one outside the enum is a 400', async () => {
      assertError(await svc.call('GET', '/v2/pricing', { key }), 400, 'invalid_request');
      assertError(await svc.call('GET', '/v2/pricing?countryCode=XX', { key }), 400, 'invalid_request');
    });
  });

  describe('POST /v2/company', () => {
    it('happy: retrieves the data points asked for, in the request record', async () => {
      const body = { id: 'ROUTES-CO-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] };
      const res = await svc.call('POST', '/v2/company', { key, body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const parsed = CompanyResponse.parse(res.body);
      assert.equal(parsed.company?.id, 'ROUTES-CO-1');
      assert.equal(parsed.request.dataStatus.dataPoints.company?.status, 'succeeded');
    });
    it('error: a mode that does not exist is a 400 naming the field, and a TEST company that fails a 422', async () => {
      const bad = await svc.call('POST', '/v2/company', {
        key,
        body: { id: 'X', countryCode: 'TEST', mode: 'eventually', dataPoints: ['company'] },
      });
      assertError(bad, 400, 'invalid_request');
      assert.ok(
        bad.body.error.details?.some((d: string) => d.includes('mode')),
        JSON.stringify(bad.body),
      );
      const failing = await svc.call('POST', '/v2/company', {
        key,
        body: { id: 'PROCESSING_FAILED', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
      });
      assertError(failing, 422, 'processing_failed');
    });
  });

  describe('GET /v2/files/:fileId', () => {
    let url: URL;
    before(async () => {
      const list = await svc.call('POST', '/v2/company', {
        key,
        body: { id: 'ACME', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['availableDocuments'] },
      });
      const wanted = list.body.availableDocuments[0].id;
      const res = await svc.call('POST', '/v2/company', {
        key,
        body: { id: 'ACME', countryCode: 'TEST', mode: 'onboarding', documents: [wanted] },
      });
      const item = Object.values(res.body.documents as Record<string, { id: string; url?: string }[]>)
        .flat()
        .find((d) => d.id === wanted);
      url = new URL(item!.url!);
    });
    it('happy: serves the document behind its signed link, without a key', async () => {
      assert.match(url.pathname, /^\/v2\/files\/[^/]+$/);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
    });
    it('error: a forged signature is a 401, and another file id under the same signature too', async () => {
      const forged = new URL(url);
      forged.searchParams.set('signature', 'forged');
      assertError(await svc.call('GET', `/v2/files/${url.pathname.split('/').pop()}${forged.search}`), 401, 'unauthorized');
      assertError(await svc.call('GET', `/v2/files/doc_someone_else${url.search}`), 401, 'unauthorized');
    });
  });

  describe('POST /v2/onboarding', () => {
    it('happy: retrieves the data points asked for', async () => {
      const res = await svc.call('POST', '/v2/onboarding', {
        key,
        body: { id: 'ROUTES-ONB-1', countryCode: 'TEST', dataPoints: ['companyProfile'] },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const parsed = OnboardingResponse.parse(res.body);
      assert.equal(parsed.company?.id, 'ROUTES-ONB-1');
    });
    it('error: an unknown data point is a 400 naming it, and an unknown TEST company a 404', async () => {
      const bad = await svc.call('POST', '/v2/onboarding', { key, body: { id: 'X', countryCode: 'TEST', dataPoints: ['horoscope'] } });
      assertError(bad, 400, 'invalid_request');
      assert.ok(
        bad.body.error.details?.some((d: string) => d.includes('dataPoints')),
        JSON.stringify(bad.body),
      );
      const missing = await svc.call('POST', '/v2/onboarding', {
        key,
        body: { id: 'RESOURCE_NOT_FOUND', countryCode: 'TEST', dataPoints: ['companyProfile'] },
      });
      assertError(missing, 404, 'resource_not_found');
    });
  });

  describe('PATCH /v2/billing/notifications/workspaces/:workspaceId/config', () => {
    it('happy: sets a workspace’s own high-usage settings', async () => {
      assert.equal((await svc.call('POST', '/v2/workspaces', { key, body: { name: 'routes-ws', legalName: 'Routes WS' } })).status, 201);
      const res = await svc.call('PATCH', '/v2/billing/notifications/workspaces/routes-ws/config', {
        key,
        body: { highUsageEnabled: true },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(WorkspaceOverride.parse(res.body).highUsageEnabled, true);
    });
    it('error: an unknown workspace is a 404, a field of the wrong type a 400', async () => {
      const body = { highUsageEnabled: true };
      assertError(await svc.call('PATCH', '/v2/billing/notifications/workspaces/nowhere/config', { key, body }), 404, 'resource_not_found');
      const bad = { highUsageEnabled: 'yes' };
      assertError(
        await svc.call('PATCH', '/v2/billing/notifications/workspaces/routes-ws/config', { key, body: bad }),
        400,
        'invalid_request',
      );
    });
  });

  describe('DELETE /v2/billing/notifications/workspaces/:workspaceId/config', () => {
    it('error: another account’s workspace is a 404, and its override stays', async () => {
      const other = (await svc.newAccount()).apiKey;
      assertError(
        await svc.call('DELETE', '/v2/billing/notifications/workspaces/routes-ws/config', { key: other }),
        404,
        'resource_not_found',
      );
      const view = await svc.call('GET', '/v2/billing/notifications/workspaces/routes-ws/config', { key });
      assert.equal(view.body.workspaceOverride?.highUsageEnabled, true);
    });
    it('happy: removes the override: the workspace inherits again', async () => {
      const res = await svc.call('DELETE', '/v2/billing/notifications/workspaces/routes-ws/config', { key });
      assert.deepEqual([res.status, res.body], [200, { ok: true }]);
      const view = await svc.call('GET', '/v2/billing/notifications/workspaces/routes-ws/config', { key });
      assert.equal(view.body.workspaceOverride, null);
    });
  });
});
