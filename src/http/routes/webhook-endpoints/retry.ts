import { WebhookDeliveryAttempt, WebhookMessageParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { attemptView } from './views.ts';

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).post('/v2/webhook-endpoints/:id/deliveries/:messageId/retry', {
    schema: {
      tags: ['webhooks'],
      summary: 'Deliver a message again',
      description:
        'One attempt now, with the original message id and body, freshly signed; answers with that attempt once it ' +
        'ended (a failed attempt is still a 200). A success settles the delivery; a failure leaves the automatic retries ' +
        'as they were. The message must have been sent to this endpoint; a disabled endpoint is a 400.',
      params: WebhookMessageParams,
      response: { 200: WebhookDeliveryAttempt, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => attemptView(await webhooks.endpoints.retry(accountOf(req).id, req.params.id, req.params.messageId)),
  });
};
