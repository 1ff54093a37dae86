import { z } from 'zod';
import { WebhookEndpointParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).delete('/v2/webhook-endpoints/:id', {
    schema: {
      tags: ['webhooks'],
      summary: 'Delete a webhook endpoint',
      description: 'It receives nothing more; deliveries still pending for it are cancelled. Another account’s endpoint is a 404.',
      params: WebhookEndpointParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req, reply) => {
      await webhooks.endpoints.delete(accountOf(req).id, req.params.id);
      return reply.status(204).send(null);
    },
  });
};
