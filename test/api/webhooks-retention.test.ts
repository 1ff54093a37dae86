import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const DAY = 86_400_000;

describe('webhook delivery log retention', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  before(async () => {
    // A failed first attempt waits an hour for the next: its delivery stays pending through the test.
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,1h', WEBHOOK_LOG_RETENTION: '2d' });
    rx = await WebhookReceiver.start();
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  /** An account with one endpoint at `path`, and one company.updated event for it; the endpoint's log once attempted. */
  const accountWithEvent = async (path: string) => {
    const { apiKey: key } = await svc.newAccount();
    const ep = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: rx.url + path } });
    assert.equal(ep.status, 201);
    assert.equal((await svc.call('POST', '/v2/company', { key, body: { id: 'ACME', countryCode: 'TEST' } })).status, 200);
    const log = () => svc.call('GET', `/v2/webhook-endpoints/${ep.body.id}/deliveries`, { key }).then((r) => r.body.deliveries as any[]);
    await eventually(async () => (await log()).length > 0, 20_000);
    return log;
  };

  it('deletes finished messages and their log once older than the retention, and keeps pending ones', async () => {
    rx.on('/down', () => ({ status: 503 }));
    const delivered = await accountWithEvent('/ok');
    const pending = await accountWithEvent('/down');
    assert.equal((await delivered())[0].status, 'succeeded');
    assert.equal((await pending())[0].status, 'failed');

    assert.equal(await svc.webhooks.retention.prune(), 0, 'nothing is older than two days yet');
    assert.equal((await delivered()).length, 1);

    assert.equal((await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 3 * DAY } })).status, 200);
    assert.equal(await svc.webhooks.retention.prune(), 1, 'the delivered message goes, the pending one stays');
    assert.deepEqual(await delivered(), []);
    assert.equal((await pending()).length, 1, 'a delivery still pending keeps its message and log');
    assert.equal(await svc.webhooks.retention.prune(), 0);
  });
});
