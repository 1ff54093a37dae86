import assert from 'node:assert/strict';
import { eventually, type TestService } from './service.ts';
import type { Received, WebhookReceiver } from './webhook-receiver.ts';

/** What the webhook tests do through the API: endpoints, requests that emit `company.updated`, the delivery log. */
export function webhookApi(svc: TestService, rx: WebhookReceiver) {
  const createEndpoint = async (key: string, path: string, extra: Record<string, unknown> = {}) => {
    const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: rx.url + path, ...extra } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body as { id: string; url: string; secret: string; status: string; createdAt: string };
  };
  return {
    createEndpoint,
    /** An account with one endpoint at `path`. */
    async setup(path: string) {
      const { apiKey: key } = await svc.newAccount();
      return { key, endpoint: await createEndpoint(key, path) };
    },
    /** A verification request: its data changes emit company.updated. */
    async request(key: string, id = 'ACME') {
      const res = await svc.call('POST', '/v2/company', { key, body: { id, countryCode: 'TEST' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.request.requestId as string;
    },
    async deliveries(key: string, endpointId: string, query = '') {
      const res = await svc.call('GET', `/v2/webhook-endpoints/${endpointId}/deliveries${query}`, { key });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body as { deliveries: any[]; hasNextPage: boolean; nextCursor?: string };
    },
    /** The first delivery at `path` whose payload is about `requestId`. */
    firstFor: (path: string, requestId: string) =>
      eventually(async () => rx.at(path).find((r) => JSON.parse(r.body).request?.requestId === requestId), 20_000),
    signatures: (r: Received) => String(r.headers['webhook-signature']).split(' '),
  };
}
