import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startBillingService, type BillingHarness } from '../support/billing.ts';

describe('billing: maxBudget and profileMaxBudget (spec §4.2)', () => {
  let h: BillingHarness;
  before(async () => {
    h = await startBillingService();
  });
  after(() => h.svc.close());

  it('applies maxBudget in the order of spec §4.2, failing what does not fit with its cost', async () => {
    const { apiKey: key } = await h.svc.newAccount({ credits: 10_000 });
    const p = (sku: string) => h.price[sku]!.onboarding!;
    // company 50 + representatives 30 fit; UBO 60 and shareholders 40 do not; establishments 20 still does.
    const maxBudget = p('TEST-PROFILE') + p('TEST-REPRESENTATIVES') + p('TEST-ESTABLISHMENTS');
    const res = await h.post(key, {
      id: 'BUDGET-1',
      mode: 'onboarding',
      // Asked in reverse: the budget order is the specification's, not the request's.
      dataPoints: ['establishments', 'shareholders', 'ultimateBeneficialOwners', 'legalRepresentatives', 'company'],
      maxBudget,
    });
    assert.equal(res.status, 200);
    const dp = res.body.request.dataStatus.dataPoints;
    for (const ok of ['company', 'legalRepresentatives', 'establishments'])
      assert.equal(dp[ok].status, 'succeeded', JSON.stringify(dp[ok]));
    for (const [refused, sku] of [
      ['ultimateBeneficialOwners', 'TEST-UBO'],
      ['shareholders', 'TEST-OWNERSHIP'],
    ] as const) {
      assert.equal(dp[refused].status, 'failed', refused);
      assert.equal(dp[refused].error.code, 'budget_exceeded');
      assert.equal(dp[refused].error.retryable, false);
      assert.equal(dp[refused].error.cost, p(sku));
      assert.equal(dp[refused].cost, 0);
    }
    assert.equal(res.body.ultimateBeneficialOwners, undefined);
    assert.equal(await h.balance(key), 10_000 - maxBudget);

    // UBOs come before shareholders, although the catalogue lists ownership first.
    const owners = await h.post(key, {
      id: 'BUDGET-4',
      mode: 'onboarding',
      dataPoints: ['shareholders', 'ultimateBeneficialOwners'],
      maxBudget: p('TEST-UBO'),
    });
    assert.equal(owners.body.request.dataStatus.dataPoints.ultimateBeneficialOwners.status, 'succeeded');
    assert.equal(owners.body.request.dataStatus.dataPoints.shareholders.error.code, 'budget_exceeded');

    // profileMaxBudget caps the profile block only.
    const capped = await h.post(key, {
      id: 'BUDGET-2',
      mode: 'onboarding',
      dataPoints: ['company', 'legalRepresentatives'],
      profileMaxBudget: p('TEST-PROFILE') - 1,
    });
    assert.equal(capped.body.request.dataStatus.dataPoints.company.error.code, 'budget_exceeded');
    assert.equal(capped.body.request.dataStatus.dataPoints.company.error.cost, p('TEST-PROFILE'));
    assert.equal(capped.body.request.dataStatus.dataPoints.legalRepresentatives.status, 'succeeded');

    // A deduplicated block costs nothing and always fits, even a budget of 0.
    const dedup = await h.post(key, { id: 'BUDGET-1', mode: 'onboarding', dataPoints: ['company', 'subsidiaries'], maxBudget: 0 });
    assert.equal(dedup.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(dedup.body.request.dataStatus.dataPoints.company.cost, 0);
    assert.equal(dedup.body.request.dataStatus.dataPoints.subsidiaries.error.code, 'budget_exceeded');

    // Documents come after every block.
    const extract = await h.extractOf(key, 'BUDGET-3');
    const docs = await h.post(key, {
      id: 'BUDGET-3',
      mode: 'onboarding',
      documents: [extract],
      dataPoints: ['legalRepresentatives'],
      maxBudget: p('TEST-REPRESENTATIVES'),
    });
    assert.equal(docs.body.request.dataStatus.dataPoints.legalRepresentatives.status, 'succeeded');
    assert.equal(docs.body.request.dataStatus.documents[extract].error.code, 'budget_exceeded');
    assert.equal(docs.body.request.dataStatus.documents[extract].error.cost, h.docPrice.tradeRegisterExtract);
  });

  it('accepts graphMaxBudget on a request without a graph (test/api/graph.test.ts applies it)', async () => {
    const { apiKey: key } = await h.svc.newAccount({ credits: 1_000 });
    const res = await h.post(key, { id: 'BUDGET-GRAPH', mode: 'onboarding', dataPoints: ['company'], graphMaxBudget: 0 });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
  });
});
