import { BillingEventList, BillingEventsQuery, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { billing }) => {
  typed(app).get('/v2/billing/events', {
    schema: {
      tags: ['billing'],
      summary: 'Billing events of the account',
      description:
        'One event per delivered data block or document, newest first: `charged` with its amount, or `deduplicated` / ' +
        '`included` with amount 0 and `linkedEventId` naming the charge that covers it. Failed work has no event. ' +
        'A block charged in onboarding does not cover a verification of it unless the catalogue marks the block authoritative ' +
        'in onboarding (see GET /v2/pricing). Filter by `requestId`; page with `first` and `after` (the previous page’s `nextCursor`). Only the caller’s events.',
      querystring: BillingEventsQuery,
      response: { 200: BillingEventList, ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => billing.events(accountOf(req).id, req.query),
  });
};
