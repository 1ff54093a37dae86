import { Pricing, PricingQuery, errorResponses } from '../../../contract/index.ts';
import { pricingOf } from '../../../registers/pricing.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { registers }) => {
  typed(app).get('/v2/pricing', {
    schema: {
      tags: ['billing'],
      summary: 'Coverage and prices of a register',
      description:
        'Read from the same catalogue that billing uses. 406 for a country without a register. The flat `datapoints` ' +
        'entries name the mode their `price` is for (`mode`), give both prices (`modes`) and the block that charges them ' +
        '(`sku`); data points of one block share one charge. Deduplication within a block’s window: a verification charge ' +
        'covers both modes; an onboarding charge covers onboarding, and verification only where the block is authoritative ' +
        'in onboarding too; otherwise a verification after an onboarding is charged its own price.',
      querystring: PricingQuery,
      response: { 200: Pricing, ...errorResponses(400, 401, 406, 429) },
    },
    handler: async (req) => pricingOf(registers.forSearch(req.query.countryCode).catalogue),
  });
};
