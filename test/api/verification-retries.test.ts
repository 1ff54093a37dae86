import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const RETRY_WINDOW_MS = 3000;

describe('verification through a register outage', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: String(RETRY_WINDOW_MS) });
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount({ credits: 100_000 })).apiKey;
    const ep = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/hook` } });
    assert.equal(ep.status, 201);
  });
  after(async () => {
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
    await svc.close();
    await rx.close();
  });

  const outage = (durationMs: number) => svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs } });
  const get = async (requestId: string) => (await svc.call('GET', `/v2/company/${requestId}`, { key })).body;
  const statuses = (body: any) => Object.values(body.request.dataStatus.dataPoints).map((e: any) => e.status as string);
  const settled = (body: any) => statuses(body).every((s) => s !== 'in_progress');
  const updatesOf = (requestId: string) =>
    rx
      .at('/hook')
      .map((r) => JSON.parse(r.body))
      .filter((p) => p.type === 'company.updated' && p.request.requestId === requestId);

  it('fails a data point with service_unavailable, retryable, once the retry window has passed', { timeout: 60_000 }, async () => {
    await outage(120_000);
    const created = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'WINDOW-1', countryCode: 'TEST', dataPoints: ['company', 'legalRepresentatives'] },
    });
    assert.equal(created.status, 200);
    const requestId = created.body.request.requestId;
    assert.equal(created.body.request.dataStatus.dataPoints.company.status, 'in_progress');

    const failed = await eventually(async () => {
      const body = await get(requestId);
      return settled(body) && body;
    }, 30_000);
    for (const dp of ['company', 'legalRepresentatives']) {
      const status = failed.request.dataStatus.dataPoints[dp];
      assert.equal(status.status, 'failed', dp);
      assert.equal(status.error.code, 'service_unavailable', dp);
      assert.equal(status.error.retryable, true, dp);
      assert.match(status.error.message, /retry window/, dp);
      assert.equal(status.cost, 0, 'nothing charged for failed work');
    }
    // Retried several times before giving up, not failed on the first error.
    const attempts = await svc.db.query<{ attempts: number }>(
      `select attempts from request_items where request_id = $1 and name = 'company'`,
      [requestId],
    );
    assert.ok(attempts[0]!.attempts >= 2, `attempts: ${attempts[0]?.attempts}`);
    // The final state is pushed to the account's webhook too.
    const last = await eventually(async () => updatesOf(requestId).find((p) => settled(p)), 20_000);
    assert.equal(last.request.dataStatus.dataPoints.company.error.code, 'service_unavailable');
  });

  it('completes when the register comes back within the window', { timeout: 60_000 }, async () => {
    await outage(1500);
    const created = await svc.call('POST', '/v2/company', { key, body: { id: 'WINDOW-2', countryCode: 'TEST' } });
    const requestId = created.body.request.requestId;
    const done = await eventually(async () => {
      const body = await get(requestId);
      return settled(body) && body;
    }, 30_000);
    assert.deepEqual(statuses(done), ['succeeded']);
    assert.equal(done.company.id, 'WINDOW-2');
    assert.ok(done.request.dataStatus.dataPoints.company.cost > 0);
  });
});
