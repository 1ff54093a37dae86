import { Balance, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { billingNotifications }) => {
  typed(app).get('/v2/billing/balance', {
    schema: {
      tags: ['billing'],
      summary: 'Credit balance of the account',
      response: { 200: Balance, ...errorResponses(401, 429) },
    },
    handler: async (req) => billingNotifications.balanceView(accountOf(req).id),
  });
};
