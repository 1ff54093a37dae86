import { WebhookEndpointParams, WebhookSecretRotated, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).post('/v2/webhook-endpoints/:id/rotate-secret', {
    schema: {
      tags: ['webhooks'],
      summary: 'Rotate the signing secret',
      description:
        'Returns the new secret (shown once). For 24 hours the previous secret keeps signing beside it: deliveries carry ' +
        'both signatures, so receivers can switch without losing events.',
      params: WebhookEndpointParams,
      response: { 200: WebhookSecretRotated, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      const { secret, previousSecretExpiresAt } = await webhooks.endpoints.rotateSecret(accountOf(req).id, req.params.id);
      return { secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
    },
  });
};
