import { WebhookEndpointList, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { endpointView } from './views.ts';

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).get('/v2/webhook-endpoints', {
    schema: {
      tags: ['webhooks'],
      summary: 'List webhook endpoints',
      description: 'Oldest first; secrets are never listed. An account has at most 20 endpoints.',
      response: { 200: WebhookEndpointList, ...errorResponses(401, 429) },
    },
    handler: async (req) => ({ endpoints: (await webhooks.endpoints.list(accountOf(req).id)).map(endpointView) }),
  });
};
