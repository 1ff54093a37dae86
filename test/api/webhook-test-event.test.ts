import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver, verify } from '../support/webhook-receiver.ts';

describe('POST /v2/webhook-endpoints/{id}/test', () => {
  let svc: TestService;
  let receiver: WebhookReceiver;
  before(async () => {
    svc = await startTestService();
    receiver = await WebhookReceiver.start();
  });
  after(async () => {
    await receiver.close();
    await svc.close();
  });

  it('sends a signed webhook.test to that endpoint only, logged like any delivery', async () => {
    const { apiKey } = await svc.newAccount();
    const a = await svc.call('POST', '/v2/webhook-endpoints', { key: apiKey, body: { url: `${receiver.url}/a` } });
    await svc.call('POST', '/v2/webhook-endpoints', { key: apiKey, body: { url: `${receiver.url}/b` } });
    const sent = await svc.call('POST', `/v2/webhook-endpoints/${a.body.id}/test`, { key: apiKey });
    assert.equal(sent.status, 202);
    assert.match(sent.body.messageId, /^msg_/);
    const got = await eventually(async () => receiver.at('/a')[0]);
    const payload = verify(a.body.secret, got);
    assert.equal(payload.type, 'webhook.test');
    assert.equal(payload.endpointId, a.body.id);
    assert.equal(got.id, sent.body.messageId);
    const log = await eventually(async () => {
      const res = await svc.call('GET', `/v2/webhook-endpoints/${a.body.id}/deliveries`, { key: apiKey });
      return res.body.deliveries.length ? res.body.deliveries : undefined;
    });
    assert.equal(log[0].eventType, 'webhook.test');
    assert.equal(log[0].status, 'succeeded');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(receiver.at('/b').length, 0, 'the other endpoint gets nothing');
  });

  it('is a 404 for another account’s endpoint and for an unknown one', async () => {
    const one = await svc.newAccount();
    const two = await svc.newAccount();
    const e = await svc.call('POST', '/v2/webhook-endpoints', { key: one.apiKey, body: { url: `${receiver.url}/c` } });
    assert.equal((await svc.call('POST', `/v2/webhook-endpoints/${e.body.id}/test`, { key: two.apiKey })).status, 404);
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints/whe_nope/test', { key: one.apiKey })).status, 404);
    assert.equal(receiver.at('/c').length, 0);
  });
});
