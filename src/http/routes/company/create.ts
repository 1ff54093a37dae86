import { CompanyRequestBody, CompanyResponse, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { workspaceOf } from '../../workspace-header.ts';
import { IdempotencyHeaders } from '../../idempotency.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { retrieval, idempotency, workspaces }) => {
  typed(app).post('/v2/company', {
    schema: {
      tags: ['companies'],
      summary: 'Retrieve company data and documents',
      description:
        '`mode: onboarding` answers within the onboarding deadline per data point; `verification` (default) answers at once ' +
        'with `in_progress` and completes in the background, announced by `company.updated` webhooks. Accepts `Idempotency-Key`.',
      headers: IdempotencyHeaders,
      body: CompanyRequestBody,
      response: { 200: CompanyResponse, ...errorResponses(400, 401, 402, 404, 406, 413, 415, 422, 429, 503) },
    },
    handler: async (req, reply) => {
      const account = accountOf(req);
      return idempotency.run(req, reply, account.id, async () => {
        return { status: 200, body: await retrieval.create(account, req.body, await workspaceOf(req, workspaces)) };
      });
    },
  });
};
