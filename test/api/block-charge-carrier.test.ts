import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Register } from '../../src/registers/contract.ts';
import { RegisterError } from '../../src/registers/errors.ts';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * One block, two data points (TEST-REPRESENTATIVES: legalRepresentatives, otherKeyPersons). Its charge shows on
 * legalRepresentatives, the block's first data point; when that one fails after otherKeyPersons was delivered and
 * charged, the charge must still show on a data point's cost: on otherKeyPersons, exactly once.
 *
 * The register answers otherKeyPersons at once and fails legalRepresentatives a moment later, non-retryable: the
 * TEST register itself cannot fail one data point and not the other, so its fetch is wrapped here (the register is
 * the network edge).
 */
describe('a block charge stays on one data point when the data point carrying it fails after its sibling', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    const test = svc.registers.get('TEST') as Register;
    const fetch = test.fetch.bind(test);
    test.fetch = (async (dataPoint, companyId, ctx) => {
      if (companyId.startsWith('CARRIER-') && dataPoint === 'legalRepresentatives') {
        await new Promise((r) => setTimeout(r, 400));
        throw new RegisterError('processing_failed', 'the register answer could not be read (test)');
      }
      return fetch(dataPoint, companyId, ctx);
    }) as Register['fetch'];
  });
  after(() => svc.close());

  const settled = async (key: string, requestId: string) => {
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      const all = Object.values(r.body.request.dataStatus.dataPoints) as { status: string }[];
      if (all.every((e) => e.status === 'succeeded' || e.status === 'failed')) return r.body;
    }
    throw new Error('the request did not settle');
  };

  for (const mode of ['onboarding', 'verification'] as const) {
    it(`${mode}: the charge moves to otherKeyPersons, the balance and the billing events agree`, async () => {
      const { apiKey: key } = await svc.newAccount({ credits: 10_000 });
      const created = await svc.call('POST', '/v2/company', {
        key,
        body: { countryCode: 'TEST', id: `CARRIER-${mode}`, mode, dataPoints: ['legalRepresentatives', 'otherKeyPersons'] },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const body = await settled(key, created.body.request.requestId);
      const dp = body.request.dataStatus.dataPoints;
      assert.equal(dp.legalRepresentatives.status, 'failed');
      assert.equal(dp.otherKeyPersons.status, 'succeeded');
      const price = mode === 'onboarding' ? 30 : 60;
      assert.deepEqual([dp.legalRepresentatives.cost, dp.otherKeyPersons.cost], [0, price]);
      const events = (await svc.call('GET', `/v2/billing/events?first=10&requestId=${created.body.request.requestId}`, { key })).body
        .events;
      assert.deepEqual(
        events.map((e: any) => [e.sku, e.status, e.amount]),
        [['TEST-REPRESENTATIVES', 'charged', price]],
      );
      const balance = (await svc.call('GET', '/v2/billing/balance', { key })).body;
      assert.equal(balance.balanceInCreditCents, 10_000 - price);
    });
  }
});
