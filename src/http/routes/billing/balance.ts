import { Balance, errorResponses } from '../../../contract/index.ts';
import { balanceStatus } from '../../../billing/ledger.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { ledger }) => {
  typed(app).get('/v2/billing/balance', {
    schema: {
      tags: ['billing'],
      summary: 'Credit balance of the account',
      response: { 200: Balance, ...errorResponses(401, 429) },
    },
    handler: async (req) => {
      const balance = await ledger.balance(accountOf(req).id);
      return { balanceInCreditCents: balance, status: balanceStatus(balance) };
    },
  });
};
