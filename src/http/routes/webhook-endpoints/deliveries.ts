import { WebhookDeliveryList, WebhookDeliveryQuery, WebhookEndpointParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { attemptView } from './views.ts';

export const register: RouteRegistrar = (app, { webhooks }) => {
  typed(app).get('/v2/webhook-endpoints/:id/deliveries', {
    schema: {
      tags: ['webhooks'],
      summary: 'Delivery attempts of an endpoint',
      description: 'Every attempt, scheduled or manual, newest first, paginated by `first` and `after` (`nextCursor`).',
      params: WebhookEndpointParams,
      querystring: WebhookDeliveryQuery,
      response: { 200: WebhookDeliveryList, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      const { attempts, hasNextPage } = await webhooks.endpoints.attempts(accountOf(req).id, req.params.id, req.query);
      const last = attempts[attempts.length - 1];
      return { deliveries: attempts.map(attemptView), hasNextPage, ...(hasNextPage && last ? { nextCursor: last.id } : {}) };
    },
  });
};
