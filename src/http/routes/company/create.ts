import { CompanyCreateQuery, CompanyRequestInput, CompanyResponse, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { ApiError } from '../../../shared/errors.ts';
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
        'with `in_progress` and completes in the background, announced by `company.updated` webhooks. Accepts `Idempotency-Key`. ' +
        'As the incumbent: `{requestId}` alone re-reads a result (not billed, signed URLs refreshed); a graph continuation ' +
        'may leave out `id` and `countryCode`; `?transliterate=true` works as the body flag.',
      headers: IdempotencyHeaders,
      querystring: CompanyCreateQuery,
      body: CompanyRequestInput,
      response: { 200: CompanyResponse, ...errorResponses(400, 401, 402, 404, 406, 413, 415, 422, 429, 503) },
    },
    handler: async (req, reply) => {
      const account = accountOf(req);
      return idempotency.run(req, reply, account.id, async () => {
        const transliterate = req.body.transliterate ?? req.query.transliterate;
        const { requestId } = req.body;
        if (requestId !== undefined) {
          const others = Object.keys(req.body).filter((k) => k !== 'requestId' && k !== 'transliterate' && k !== 'mode');
          if (others.length) throw new ApiError('invalid_request', 'requestId re-reads an earlier result: send it alone', others);
          return { status: 200, body: await retrieval.get(account, requestId, { transliterate }) };
        }
        const completed = await retrieval.complete(account, req.body);
        const body = await retrieval.create(account, { ...completed, transliterate }, await workspaceOf(req, workspaces));
        return { status: 200, body };
      });
    },
  });
};
