import { WebhookEndpointCreateBody, WebhookEndpointCreated, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { IdempotencyHeaders } from '../../idempotency.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { endpointView } from './views.ts';

export const register: RouteRegistrar = (app, { webhooks, idempotency }) => {
  typed(app).post('/v2/webhook-endpoints', {
    schema: {
      tags: ['webhooks'],
      summary: 'Create a webhook endpoint',
      description:
        'Every endpoint of the account receives every event (`company.updated`, `monitor.notification`) as a JSON POST ' +
        'signed per Standard Webhooks: headers `webhook-id` (the message id, the same on every retry), `webhook-timestamp` ' +
        '(Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, several space-separated ' +
        'during a secret rotation). Any 2xx is success; 410 disables the endpoint; anything else, or no answer within 15 s, ' +
        'is retried on WEBHOOK_RETRY_SCHEDULE (about 3 days) with jitter, later when `Retry-After` asks for it (at most 24 h). ' +
        'Redirects are not followed. The `secret` is shown here once. Accepts `Idempotency-Key`.',
      headers: IdempotencyHeaders,
      body: WebhookEndpointCreateBody,
      response: { 201: WebhookEndpointCreated, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: async (req, reply) => {
      const account = accountOf(req);
      return idempotency.run(req, reply, account.id, async () => {
        const { endpoint, secret } = await webhooks.endpoints.create(account.id, req.body);
        return { status: 201, body: { ...endpointView(endpoint), secret } };
      });
    },
  });
};
