import { CompanyGetQuery, CompanyResponse, RequestIdParams, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { retrieval }) => {
  typed(app).get('/v2/company/:requestId', {
    schema: {
      tags: ['companies'],
      summary: 'Latest state of a request',
      description: 'Not billed; refreshes signed document URLs. Another account’s request is a 404.',
      params: RequestIdParams,
      querystring: CompanyGetQuery,
      response: { 200: CompanyResponse, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      return retrieval.get(accountOf(req), req.params.requestId, { transliterate: req.query.transliterate });
    },
  });
};
