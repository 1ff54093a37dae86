import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { z } from 'zod';
import { AccountCreated, Balance } from '../../../src/contract/accounts.ts';
import { RunChecksResult } from '../../../src/contract/monitor.ts';
import { assertError } from '../../support/envelope.ts';
import { startTestService, type TestService } from '../../support/service.ts';

/** The operator API (`/admin`, ADMIN_TOKEN): each route's happy path and its client errors. */
describe('operator routes', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  const ClockState = z.object({ now: z.iso.datetime(), offsetMs: z.number() }).strict();
  const Outage = z.object({ countryCode: z.string(), unavailableUntil: z.iso.datetime() }).strict();

  describe('POST /admin/accounts', () => {
    it('happy: creates an account whose key answers at once', async () => {
      const res = await svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'Operator made', credits: 500 } });
      assert.equal(res.status, 201);
      const created = AccountCreated.parse(res.body);
      assert.equal(created.balanceInCreditCents, 500);
      assert.equal((await svc.call('GET', '/v2/billing/balance', { key: created.apiKey })).status, 200);
    });
    it('error: a body without a name is a 400 naming the field', async () => {
      const res = await svc.call('POST', '/admin/accounts', { admin: true, body: { credits: 5 } });
      assertError(res, 400, 'invalid_request');
      assert.ok(
        res.body.error.details?.some((d: string) => d.includes('name')),
        JSON.stringify(res.body),
      );
    });
  });

  describe('POST /admin/accounts/:id/credits', () => {
    it('happy: adds and withdraws credits', async () => {
      const { id } = await svc.newAccount({ credits: 100 });
      const res = await svc.call('POST', `/admin/accounts/${id}/credits`, { admin: true, body: { amount: -40 } });
      assert.equal(res.status, 200);
      assert.equal(Balance.pick({ balanceInCreditCents: true }).strict().parse(res.body).balanceInCreditCents, 60);
    });
    it('error: an unknown account is a 404, a non-integer amount a 400', async () => {
      assertError(
        await svc.call('POST', '/admin/accounts/acc_nobody/credits', { admin: true, body: { amount: 1 } }),
        404,
        'resource_not_found',
      );
      const { id } = await svc.newAccount();
      assertError(await svc.call('POST', `/admin/accounts/${id}/credits`, { admin: true, body: { amount: 1.5 } }), 400, 'invalid_request');
    });
  });

  describe('PUT /admin/sandbox/:countryCode/companies/:companyId', () => {
    it('happy: stores a TEST company that the API then retrieves', async () => {
      const record = { company: { id: 'ADMIN-PUT-1', legalName: 'Stored By Operator Ltd', countryCode: 'TEST' } };
      const res = await svc.call('PUT', '/admin/sandbox/TEST/companies/ADMIN-PUT-1', { admin: true, body: { record } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body, { countryCode: 'TEST', companyId: 'ADMIN-PUT-1', stored: true });
      const { apiKey } = await svc.newAccount();
      const got = await svc.call('POST', '/v2/company', {
        key: apiKey,
        body: { id: 'ADMIN-PUT-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
      });
      assert.equal(got.body.company?.legalName, 'Stored By Operator Ltd', JSON.stringify(got.body));
    });
    it('error: a record that is not an object, or an unknown country, is a 400', async () => {
      assertError(
        await svc.call('PUT', '/admin/sandbox/TEST/companies/X-1', { admin: true, body: { record: 'text' } }),
        400,
        'invalid_request',
      );
      assertError(await svc.call('PUT', '/admin/sandbox/ZZ/companies/X-1', { admin: true, body: { record: {} } }), 400, 'invalid_request');
    });
  });

  describe('DELETE /admin/sandbox/:countryCode/companies/:companyId', () => {
    it('happy: removes a stored company: 204, then it has left the register', async () => {
      const record = { company: { id: 'ADMIN-DEL-1', legalName: 'Leaving Ltd', countryCode: 'TEST' } };
      assert.equal((await svc.call('PUT', '/admin/sandbox/TEST/companies/ADMIN-DEL-1', { admin: true, body: { record } })).status, 200);
      const res = await svc.call('DELETE', '/admin/sandbox/TEST/companies/ADMIN-DEL-1', { admin: true });
      assert.equal(res.status, 204);
      const { apiKey } = await svc.newAccount();
      const got = await svc.call('POST', '/v2/company', {
        key: apiKey,
        body: { id: 'ADMIN-DEL-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
      });
      assert.notEqual(got.body.company?.legalName, 'Leaving Ltd', JSON.stringify(got.body));
    });
    it('error: an unknown country is a 400', async () => {
      assertError(await svc.call('DELETE', '/admin/sandbox/ZZ/companies/X-1', { admin: true }), 400, 'invalid_request');
    });
  });

  describe('POST /admin/sandbox/:countryCode/outage', () => {
    it('happy: makes the register unavailable: search answers 503 until it ends', async () => {
      const res = await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 60_000 } });
      assert.equal(res.status, 200);
      assert.equal(Outage.parse(res.body).countryCode, 'TEST');
      const { apiKey } = await svc.newAccount();
      assertError(await svc.call('GET', '/v2/search?country=TEST&query=acme', { key: apiKey }), 503, 'service_unavailable');
      assert.equal((await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } })).status, 200);
    });
    it('error: a negative or missing duration is a 400', async () => {
      assertError(await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: -1 } }), 400, 'invalid_request');
      assertError(await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: {} }), 400, 'invalid_request');
    });
  });

  describe('POST /admin/sandbox/tax-authorities/:authority/outage', () => {
    it('happy: makes VIES unavailable for a while', async () => {
      const res = await svc.call('POST', '/admin/sandbox/tax-authorities/VIES/outage', { admin: true, body: { durationMs: 1 } });
      assert.equal(res.status, 200);
      assert.equal(res.body.authority, 'VIES');
      assert.ok(!Number.isNaN(Date.parse(res.body.unavailableUntil)));
    });
    it('error: an authority we do not emulate is a 400', async () => {
      const res = await svc.call('POST', '/admin/sandbox/tax-authorities/IRS/outage', { admin: true, body: { durationMs: 1 } });
      assertError(res, 400, 'invalid_request');
    });
  });

  describe('GET /admin/clock', () => {
    it('happy: shows the service clock and its offset', async () => {
      const res = await svc.call('GET', '/admin/clock', { admin: true });
      assert.equal(res.status, 200);
      const clock = ClockState.parse(res.body);
      assert.ok(Math.abs(Date.parse(clock.now) - clock.offsetMs - Date.now()) < 60_000);
    });
    it('error: an account key is no operator token (401)', async () => {
      const { apiKey } = await svc.newAccount();
      assertError(await svc.call('GET', '/admin/clock', { key: apiKey }), 401, 'unauthorized');
    });
  });

  describe('POST /admin/clock', () => {
    it('happy: moves the clock forward by the amount asked', async () => {
      const before = ClockState.parse((await svc.call('GET', '/admin/clock', { admin: true })).body);
      const res = await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 3_600_000 } });
      assert.equal(res.status, 200);
      assert.equal(ClockState.parse(res.body).offsetMs, before.offsetMs + 3_600_000);
    });
    it('error: moving it back is a 400, and it does not move', async () => {
      const before = ClockState.parse((await svc.call('GET', '/admin/clock', { admin: true })).body);
      assertError(await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: -1 } }), 400, 'invalid_request');
      assert.equal(ClockState.parse((await svc.call('GET', '/admin/clock', { admin: true })).body).offsetMs, before.offsetMs);
    });
  });

  describe('POST /admin/monitors/run-checks', () => {
    it('happy: runs the due checks and counts them', async () => {
      const res = await svc.call('POST', '/admin/monitors/run-checks', { admin: true });
      assert.equal(res.status, 200);
      RunChecksResult.strict().parse(res.body);
    });
    it('error: a wrong token is a 401 and runs nothing', async () => {
      const res = await svc.call('POST', '/admin/monitors/run-checks', { headers: { authorization: 'Bearer wrong' } });
      assertError(res, 401, 'unauthorized');
    });
  });
});
