import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebhookDeliveryAttempt, WebhookDeliveryList, WebhookSecretRotated } from '../../../src/contract/webhooks.ts';
import { assertError } from '../../support/envelope.ts';
import { eventually, startTestService, type TestService } from '../../support/service.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

/** The webhook endpoint routes by id that the webhooks tests leave without their errors: rotation, deliveries, retry. */
describe('webhook endpoint routes', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  let endpointId: string;
  let messageId: string;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount()).apiKey;
    const created = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/routes` } });
    assert.equal(created.status, 201);
    endpointId = created.body.id;
    const sent = await svc.call('POST', `/v2/webhook-endpoints/${endpointId}/test`, { key });
    assert.equal(sent.status, 202);
    messageId = sent.body.messageId;
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  describe('POST /v2/webhook-endpoints/:id/rotate-secret', () => {
    it('happy: shows a new secret, different from the first', async () => {
      const res = await svc.call('POST', `/v2/webhook-endpoints/${endpointId}/rotate-secret`, { key });
      assert.equal(res.status, 200);
      const rotated = WebhookSecretRotated.parse(res.body);
      assert.match(rotated.secret, /^whsec_/);
    });
    it('error: an unknown endpoint is a 404', async () => {
      assertError(await svc.call('POST', '/v2/webhook-endpoints/we_nobody/rotate-secret', { key }), 404, 'resource_not_found');
    });
  });

  describe('GET /v2/webhook-endpoints/:id/deliveries', () => {
    it('happy: lists the attempts of the endpoint’s messages', async () => {
      const list = await eventually(async () => {
        const res = await svc.call('GET', `/v2/webhook-endpoints/${endpointId}/deliveries`, { key });
        return res.status === 200 && res.body.deliveries.length > 0 ? res.body : undefined;
      });
      const parsed = WebhookDeliveryList.parse(list);
      assert.equal(parsed.deliveries[0]!.messageId, messageId);
    });
    it('error: an unknown endpoint is a 404, a page size out of range a 400', async () => {
      assertError(await svc.call('GET', '/v2/webhook-endpoints/we_nobody/deliveries', { key }), 404, 'resource_not_found');
      assertError(await svc.call('GET', `/v2/webhook-endpoints/${endpointId}/deliveries?first=0`, { key }), 400, 'invalid_request');
    });
  });

  describe('POST /v2/webhook-endpoints/:id/deliveries/:messageId/retry', () => {
    it('happy: delivers the message again with the same id', async () => {
      const res = await svc.call('POST', `/v2/webhook-endpoints/${endpointId}/deliveries/${messageId}/retry`, { key });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(WebhookDeliveryAttempt.parse(res.body).messageId, messageId);
      await eventually(async () => rx.at('/routes').filter((r) => r.id === messageId).length >= 2);
    });
    it('error: a message this endpoint never sent is a 404', async () => {
      const res = await svc.call('POST', `/v2/webhook-endpoints/${endpointId}/deliveries/msg_nothing/retry`, { key });
      assertError(res, 404, 'resource_not_found');
    });
  });
});
