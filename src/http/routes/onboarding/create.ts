import { CompanyCreateQuery, OnboardingRequestBody, OnboardingResponse, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { transliterateResponse } from '../../../enrichment/transliteration/apply.ts';
import { workspaceOf } from '../../workspace-header.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { retrieval, workspaces }) => {
  typed(app).post('/v2/onboarding', {
    schema: {
      tags: ['companies'],
      summary: 'Company profile in onboarding mode (deprecated)',
      description: 'Deprecated: use `POST /v2/company` with `mode: onboarding`. Only `companyProfile` is supported.',
      deprecated: true,
      querystring: CompanyCreateQuery,
      body: OnboardingRequestBody,
      response: { 200: OnboardingResponse, ...errorResponses(400, 401, 402, 404, 406, 413, 415, 422, 429, 503) },
    },
    handler: async (req) => {
      const transliterate = req.query.transliterate ? transliterateResponse : <T>(r: T) => r;
      const { id, countryCode, requestId } = req.body;
      if (requestId !== undefined || !id || !countryCode) {
        const { request, ...rest } = await retrieval.get(accountOf(req), requestId ?? '');
        return transliterate({ request: { ...request, country: request.countryCode }, ...rest });
      }
      const workspace = await workspaceOf(req, workspaces);
      const { request, ...rest } = await retrieval.create(
        accountOf(req),
        {
          id,
          countryCode,
          dataPoints: ['companyProfile'],
          mode: 'onboarding',
          metadata: req.body.metadata,
        },
        workspace,
      );
      return transliterate({ request: { ...request, country: request.countryCode }, ...rest });
    },
  });
};
