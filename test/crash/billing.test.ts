import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eventually } from '../support/service.ts';
import { processStorage, startProcess } from '../support/process.ts';

const KEY = 'rk_billing-crash-key-0123456789abcdef';
const ADMIN = 'billing-crash-admin';
const CREDITS = 10_000;

describe('billing across a crash', () => {
  const storage = processStorage();
  after(() => storage.cleanup());

  it('releases what abandoned onboarding work held, and charges resumed verification work once', { timeout: 120_000 }, async () => {
    // Leases of 2 s: on PostgreSQL the dead process's lease outlives it by that much (on the embedded store, not at all).
    const env = {
      ...storage.env,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: String(CREDITS),
      ADMIN_TOKEN: ADMIN,
      SANDBOX_LATENCY: 'none',
      LEASE_TTL: '2s',
    };
    const first = await startProcess(env);
    const call = (base: string, method: string, path: string, body?: unknown, admin = false) =>
      fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${ADMIN}` } : { 'x-api-key': KEY }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const balance = async (base: string) => (await call(base, 'GET', '/v2/billing/balance')).body.balanceInCreditCents as number;
    const pricing = (await call(first.url, 'GET', '/v2/pricing?countryCode=TEST')).body;
    const profile = pricing.blocks.find((b: any) => b.sku === 'TEST-PROFILE').modes;

    await call(
      first.url,
      'PUT',
      '/admin/sandbox/TEST/companies/STUCK-1',
      { record: { company: { legalName: 'Stuck Ltd' } }, behaviour: { latencyMs: 60_000 } },
      true,
    );
    await call(
      first.url,
      'PUT',
      '/admin/sandbox/TEST/companies/RESUMED-1',
      { record: { company: { legalName: 'Resumed Ltd' } }, behaviour: { latencyMs: 1_500 } },
      true,
    );
    // The onboarding request never answers: the process dies under it.
    void call(first.url, 'POST', '/v2/company', { id: 'STUCK-1', countryCode: 'TEST', mode: 'onboarding' }).catch(() => undefined);
    const resumed = await call(first.url, 'POST', '/v2/company', { id: 'RESUMED-1', countryCode: 'TEST' });
    await eventually(async () => (await balance(first.url)) === CREDITS - profile.onboarding - profile.verification);
    await first.kill();

    const second = await startProcess(env);
    try {
      const done = await eventually(
        async () => {
          const r = await call(second.url, 'GET', `/v2/company/${resumed.body.request.requestId}`);
          return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r;
        },
        60_000,
        250,
      );
      assert.equal(done.body.request.dataStatus.dataPoints.company.cost, profile.verification);
      // The abandoned hold is released once the onboarding deadline has passed (no clock moved: the restarted
      // process takes the dead one's work over by its lease), the resumed work charged once.
      await eventually(async () => (await balance(second.url)) === CREDITS - profile.verification, 60_000, 250);
      const events = (await call(second.url, 'GET', '/v2/billing/events')).body.events;
      assert.deepEqual(
        events.map((e: any) => [e.companyId, e.status, e.amount]),
        [['RESUMED-1', 'charged', profile.verification]],
      );
    } finally {
      await second.stop();
    }
  });
});
