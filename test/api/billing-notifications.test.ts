import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

describe('billing notifications', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const account = async (credits: number, path: string) => {
    const { apiKey } = await svc.newAccount({ credits });
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key: apiKey, body: { url: `${rx.url}/${path}` } })).status, 201);
    return apiKey;
  };
  const buy = (key: string, id: string, headers: Record<string, string> = {}) =>
    svc.call('POST', '/v2/company', { key, headers, body: { id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] } });
  const webhooks = (path: string) => rx.at(`/${path}`).map((r) => JSON.parse(r.body));

  it('shows defaults, validates changes, and reports the balance with its thresholds', async () => {
    const key = await account(50_000, 'defaults');
    const config = await svc.call('GET', '/v2/billing/notifications/config', { key });
    assert.equal(config.status, 200);
    assert.equal(config.body.lowBalanceEnabled, false, 'opt-in');
    assert.deepEqual(config.body.lowBalanceTiers, [{ tier: 'warning', cents: 10_000 }]);
    const bad = [
      { lowBalanceTiers: [] },
      {
        lowBalanceTiers: [
          { tier: 'warning', cents: 1 },
          { tier: 'warning', cents: 2 },
        ],
      },
      { highUsagePeriodMinutes: 1 },
      { lowBalanceTiers: [{ tier: 'severe', cents: 1 }] },
    ];
    for (const body of bad)
      assert.equal((await svc.call('PATCH', '/v2/billing/notifications/config', { key, body })).status, 400, JSON.stringify(body));

    const changed = await svc.call('PATCH', '/v2/billing/notifications/config', {
      key,
      body: {
        lowBalanceTiers: [
          { tier: 'warning', cents: 60_000 },
          { tier: 'critical', cents: 1_000 },
        ],
      },
    });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.lowBalanceEnabled, false, 'fields not given keep their value');
    const balance = await svc.call('GET', '/v2/billing/balance', { key });
    assert.deepEqual(balance.body, {
      balanceInCreditCents: 50_000,
      status: 'low',
      autoTopup: { enabled: false, thresholdInCreditCents: 0, amountInCreditCents: 0 },
      lowBalanceThresholds: [
        { tier: 'warning', cents: 60_000 },
        { tier: 'critical', cents: 1_000 },
      ],
    });
  });

  it('sends billing.low_balance once per tier and day when a charge takes the balance to a threshold', async () => {
    const key = await account(20_000, 'low');
    const price = (await buy(key, 'PRICE-PROBE')).body.request.dataStatus.dataPoints.company.cost as number;
    assert.ok(price > 0);
    await svc.call('PATCH', '/v2/billing/notifications/config', {
      key,
      body: {
        lowBalanceEnabled: true,
        lowBalanceTiers: [
          { tier: 'warning', cents: 20_000 - price - 1 },
          { tier: 'critical', cents: 10 },
        ],
      },
    });
    assert.deepEqual((await svc.call('GET', '/v2/billing/notifications/recent', { key })).body, [], 'not yet at the threshold');
    await buy(key, 'SECOND-CO');
    const [event] = await eventually(async () => {
      const r = (await svc.call('GET', '/v2/billing/notifications/recent', { key })).body as any[];
      return r.length > 0 && r;
    });
    assert.equal(event.kind, 'low_balance');
    assert.equal(event.identifier, 'warning');
    assert.equal(event.workspaceId, null);
    assert.equal(event.payload.balanceCents, 20_000 - 2 * price);
    assert.equal(event.emailSent, false);
    const sent = await eventually(async () => webhooks('low').find((w) => w.type === 'billing.low_balance'));
    assert.equal(sent.id, event.id);
    assert.equal(sent.dedupKey, event.dedupKey);
    // Marked once the message is queued, which can be after the endpoint already has it.
    await eventually(async () => (await svc.call('GET', '/v2/billing/notifications/recent', { key })).body[0].webhookSent === true);

    await buy(key, 'THIRD-CO');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await svc.call('GET', '/v2/billing/notifications/recent', { key })).body.length, 1, 'the same tier fires once a day');
  });

  it('sends billing.high_usage per workspace with the workspace’s override, and for the whole account', async () => {
    const key = await account(1_000_000, 'high');
    await svc.call('POST', '/v2/workspaces', { key, body: { name: 'heavy', legalName: 'Heavy user' } });
    await svc.call('POST', '/v2/workspaces', { key, body: { name: 'light', legalName: 'Light user' } });
    await svc.call('PATCH', '/v2/billing/notifications/config', {
      key,
      body: {
        highUsageEnabled: false,
        globalHighUsageEnabled: true,
        globalHighUsageTiers: [{ tier: 'critical', cents: 1 }],
      },
    });
    const override = await svc.call('PATCH', '/v2/billing/notifications/workspaces/heavy/config', {
      key,
      body: { highUsageEnabled: true, highUsageTiers: [{ tier: 'warning', cents: 1 }] },
    });
    assert.equal(override.status, 200, JSON.stringify(override.body));
    assert.equal(override.body.highUsagePeriodMinutes, null, 'inherited');
    const view = await svc.call('GET', '/v2/billing/notifications/workspaces/heavy/config', { key });
    assert.equal(view.body.workspaceOverride.highUsageEnabled, true);
    assert.equal(view.body.accountConfig.highUsageEnabled, false);
    assert.equal((await svc.call('GET', '/v2/billing/notifications/workspaces/nobody/config', { key })).status, 404);

    await buy(key, 'LIGHT-CO', { 'x-topograph-workspace': 'light' });
    await buy(key, 'HEAVY-CO', { 'x-topograph-workspace': 'heavy' });
    const events = await eventually(async () => {
      const r = (await svc.call('GET', '/v2/billing/notifications/recent', { key })).body as any[];
      return r.length >= 2 && r;
    });
    await new Promise((r) => setTimeout(r, 300));
    const all = (await svc.call('GET', '/v2/billing/notifications/recent', { key })).body as any[];
    assert.equal(all.length, 2, JSON.stringify(all));
    const heavyId = view.body.workspaceOverride.workspaceId;
    assert.ok(events.some((e) => e.kind === 'high_usage' && e.workspaceId === heavyId && e.identifier === 'warning'));
    assert.ok(events.some((e) => e.kind === 'high_usage' && e.workspaceId === null && e.identifier === 'critical'));
    await eventually(async () => webhooks('high').filter((w) => w.type === 'billing.high_usage').length === 2);

    const removed = await svc.call('DELETE', '/v2/billing/notifications/workspaces/heavy/config', { key });
    assert.deepEqual(removed.body, { ok: true });
    assert.equal((await svc.call('GET', '/v2/billing/notifications/workspaces/heavy/config', { key })).body.workspaceOverride, null);
    assert.equal((await svc.call('GET', '/v2/billing/notifications/recent?limit=1', { key })).body.length, 1);
    assert.equal((await svc.call('GET', '/v2/billing/notifications/recent?limit=0', { key })).status, 400);
  });
});
