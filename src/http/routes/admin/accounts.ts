import { accountCreateBody, AccountCreated, AccountIdParams, Balance, CreditsBody, errorResponses } from '../../../contract/index.ts';
import { ApiError } from '../../../shared/errors.ts';
import { setupPath } from '../../../users/service.ts';
import { typed, type RouteRegistrar } from '../types.ts';

const security = [{ adminToken: [] }];

export const register: RouteRegistrar = (app, { accounts, ledger, users, signer, registers }) => {
  typed(app).post('/admin/accounts', {
    schema: {
      tags: ['operator'],
      summary: 'Create an account and its API key',
      description:
        'The API key is shown once; only its hash is stored. With `owner`, the account gets its first dashboard user ' +
        'and the answer a one-time `setupUrl` where they set their password; an e-mail already in use is a 409.',
      security,
      body: accountCreateBody(registers.features()),
      response: { 201: AccountCreated, ...errorResponses(400, 401, 409) },
    },
    handler: async (req, reply) => {
      const { owner, ...input } = req.body;
      const created = await accounts.create(input, owner ? (tx, account) => users.create(tx, account.id, owner.email, 'owner') : undefined);
      reply.status(201);
      return {
        id: created.id,
        name: created.name,
        apiKey: created.apiKey,
        balanceInCreditCents: created.balanceInCreditCents,
        ...(created.extra ? { setupUrl: signer.baseUrl + setupPath(created.extra.setupToken) } : {}),
      };
    },
  });

  typed(app).post('/admin/accounts/:id/credits', {
    schema: {
      tags: ['operator'],
      summary: 'Add or withdraw credits',
      security,
      params: AccountIdParams,
      body: CreditsBody,
      response: { 200: Balance.pick({ balanceInCreditCents: true }), ...errorResponses(400, 401, 404) },
    },
    handler: async (req) => {
      if (!(await accounts.get(req.params.id))) throw new ApiError('resource_not_found', `no account ${req.params.id}`);
      return { balanceInCreditCents: await ledger.adjust(req.params.id, req.body.amount) };
    },
  });
};
