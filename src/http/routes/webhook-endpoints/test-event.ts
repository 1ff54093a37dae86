import { z } from 'zod';
import { WebhookEndpointParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

const TestEventSent = z
  .object({ messageId: z.string().describe('The `webhook-id` of the test message; its attempts are in the delivery log.') })
  .meta({ id: 'WebhookTestEventSent' });

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).post('/v2/webhook-endpoints/:id/test', {
    schema: {
      tags: ['webhooks'],
      summary: 'Send a test event',
      description:
        'Sends `{"type": "webhook.test", "endpointId", "timestamp", "message"}` to this endpoint only, signed and retried ' +
        'like every event, and logged in its deliveries. A disabled endpoint is a 400; another account’s a 404.',
      params: WebhookEndpointParams,
      response: { 202: TestEventSent, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req, reply) => {
      const messageId = await webhooks.endpoints.sendTest(accountOf(req).id, req.params.id);
      reply.status(202);
      return { messageId };
    },
  });
};
