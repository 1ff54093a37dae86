import { Pricing, PricingQuery, errorResponses } from '../../../contract/index.ts';
import { pricingOf } from '../../../registers/pricing.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { registers }) => {
  typed(app).get('/v2/pricing', {
    schema: {
      tags: ['billing'],
      summary: 'Coverage and prices of a register',
      description: 'Read from the same catalogue that billing uses. 406 for a country without a register.',
      querystring: PricingQuery,
      response: { 200: Pricing, ...errorResponses(400, 401, 406, 429) },
    },
    handler: async (req) => pricingOf(registers.forSearch(req.query.countryCode).catalogue),
  });
};
