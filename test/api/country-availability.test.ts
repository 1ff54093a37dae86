import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * What each register offers, transcribed from the specification's country notes (spec §2.11; TEST from CONTRACT §3
 * and §5, whose record carries every list). A data point a note does not mention is left out of its row.
 */
const AVAILABILITY: Record<string, { offered: string[]; notOffered: string[] }> = {
  // §2.11 US-NY: CEO, Registered Agent, SOP Agent; "No shareholders, UBOs, activity codes, documents or financial data."
  'US-NY': {
    offered: ['company', 'companyProfile', 'legalRepresentatives', 'otherKeyPersons'],
    notOffered: ['shareholders', 'ultimateBeneficialOwners', 'subsidiaries', 'establishments', 'availableDocuments', 'graph'],
  },
  // §2.11 CN: one legal representative; "Shareholders: always an empty array"; "No UBOs, no establishments"; the credit report.
  CN: {
    offered: ['company', 'companyProfile', 'legalRepresentatives', 'shareholders', 'availableDocuments'],
    notOffered: ['ultimateBeneficialOwners', 'establishments'],
  },
  // §2.11 MT: directors and representatives, secretaries and involved parties; "No shareholder endpoint (only initial
  // subscribers); no UBOs; no establishments"; documents fee-based, listing free.
  MT: {
    offered: ['company', 'companyProfile', 'legalRepresentatives', 'otherKeyPersons', 'availableDocuments'],
    notOffered: ['shareholders', 'ultimateBeneficialOwners', 'establishments'],
  },
  // §2.11 JE: Director, Secretary, shareholders when disclosed, the profile report; "No activity codes, UBOs, establishments."
  JE: {
    offered: ['company', 'companyProfile', 'legalRepresentatives', 'otherKeyPersons', 'shareholders', 'availableDocuments'],
    notOffered: ['ultimateBeneficialOwners', 'establishments'],
  },
  TEST: {
    offered: [
      'company',
      'companyProfile',
      'legalRepresentatives',
      'otherKeyPersons',
      'establishments',
      'shareholders',
      'subsidiaries',
      'ultimateBeneficialOwners',
      'availableDocuments',
      'graph',
    ],
    notOffered: [],
  },
};
const SEARCH: Record<string, string> = { TEST: 'Acme', 'US-NY': 'HOLDINGS', CN: '科技', JE: 'Limited', MT: 'Limited' };

describe('pricing and retrieval agree with the country notes (spec §2.11)', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '300', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ usNy: true, credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  for (const [country, { offered, notOffered }] of Object.entries(AVAILABILITY)) {
    it(`${country}: GET /v2/pricing and requests for what is not offered`, async () => {
      const pricing = await svc.call('GET', `/v2/pricing?countryCode=${country}`, { key });
      assert.equal(pricing.status, 200, JSON.stringify(pricing.body));
      for (const dp of offered) assert.equal(pricing.body.datapoints[dp].available, true, `${country}: ${dp} is offered`);
      for (const dp of notOffered) {
        assert.equal(pricing.body.datapoints[dp].available, false, `${country}: ${dp} is not offered`);
        assert.equal(pricing.body.datapoints[dp].price, null, `${country}: ${dp} has no price`);
        const selling = (b: any) => b.datapoints.includes(dp) && (b.modes.onboarding !== null || b.modes.verification !== null);
        assert.ok(!pricing.body.blocks.some(selling), `${country}: no block sells ${dp}`);
      }
      if (!notOffered.length) return;

      const search = await svc.call('GET', `/v2/search?country=${country}&query=${encodeURIComponent(SEARCH[country]!)}`, { key });
      const id = search.body[0]?.id;
      assert.ok(id, `${country}: the sandbox has a company for "${SEARCH[country]}"`);
      for (const mode of ['onboarding', 'verification'] as const) {
        const res = await svc.call('POST', '/v2/company', {
          key,
          body: { id, countryCode: country, mode, dataPoints: ['company', ...notOffered] },
        });
        assert.equal(res.status, 200, `${country} ${mode}: ${JSON.stringify(res.body)}`);
        const requestId = res.body.request.requestId;
        const done = await eventually(async () => {
          const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
          return (
            Object.values(r.body.request.dataStatus.dataPoints).every((e: any) => e.status === 'succeeded' || e.status === 'failed') &&
            r.body
          );
        }, 30_000);
        for (const dp of notOffered) {
          const entry = done.request.dataStatus.dataPoints[dp];
          assert.equal(entry.status, 'failed', `${country} ${mode}: ${dp}`);
          assert.equal(entry.error.code, 'datapoint_not_supported', `${country} ${mode}: ${dp}`);
          assert.equal(entry.cost, 0, `${country} ${mode}: ${dp} is free`);
          assert.equal(done[dp], undefined, `${country} ${mode}: no ${dp} in the answer`);
        }
        // Billing charged the company block only: nothing for what is not offered.
        const events = (await svc.call('GET', `/v2/billing/events?first=100&requestId=${requestId}`, { key })).body.events as any[];
        const skus = new Set(pricing.body.blocks.filter((b: any) => b.datapoints.includes('company')).map((b: any) => b.sku));
        assert.deepEqual(
          events.filter((e) => !skus.has(e.sku)).map((e) => e.sku),
          [],
          `${country} ${mode}: billed only the company block`,
        );
      }
    });
  }
});
