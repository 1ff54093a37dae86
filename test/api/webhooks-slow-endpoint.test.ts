import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

describe('a slow webhook endpoint', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  before(async () => {
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,50ms' });
    rx = await WebhookReceiver.start();
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const endpoint = async (key: string, path: string) => {
    const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: rx.url + path } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const log = async (key: string, endpointId: string) => {
    const res = await svc.call('GET', `/v2/webhook-endpoints/${endpointId}/deliveries`, { key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.deliveries as { messageId: string; status: string; attempt: number }[];
  };

  it('does not hold back the deliveries sent beside it, and is recorded once it answers', async () => {
    const { apiKey: key } = await svc.newAccount();
    const slow = await endpoint(key, '/slow');
    const fast = await endpoint(key, '/fast');
    rx.on('/slow', () => ({ status: 200, delayMs: 4_000 }));
    // One event, two endpoints: their attempts are sent together and fetched as one batch.
    const res = await svc.call('POST', '/v2/company', { key, body: { id: 'ACME', countryCode: 'TEST' } });
    assert.equal(res.status, 200, JSON.stringify(res.body));

    const fastLogged = await eventually(async () => (await log(key, fast)).find((d) => d.status === 'succeeded'), 20_000);
    const atSlow = rx.at('/slow').find((r) => r.id === fastLogged.messageId);
    assert.ok(atSlow, 'the slow endpoint has the message');
    assert.equal(atSlow.answered, undefined, 'the fast delivery is recorded while the slow endpoint is still answering');
    assert.deepEqual(await log(key, slow), [], 'nothing is recorded for the slow one before it answers');

    const slowLogged = await eventually(async () => {
      const entries = await log(key, slow);
      return entries.length > 0 && entries;
    }, 20_000);
    assert.deepEqual(
      slowLogged.map((d) => [d.messageId, d.attempt, d.status]),
      [[fastLogged.messageId, 1, 'succeeded']],
    );
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(rx.at('/slow').filter((r) => r.id === fastLogged.messageId).length, 1, 'delivered once');
  });
});
