import { WorkspaceUsageQuery, WorkspaceUsageReport, errorResponses } from '../../../contract/index.ts';
import { ApiError } from '../../../shared/errors.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';
import { workspaceView } from './manage.ts';

const DAY = 86_400_000;
/** A date (YYYY-MM-DD) as the end of a period includes its whole day. */
const endOf = (s: string) => (s.length === 10 ? new Date(Date.parse(s) + DAY) : new Date(s));

export const register: RouteRegistrar = (app, { workspaces, clock }) => {
  typed(app).get('/v2/workspaces/usage', {
    schema: {
      tags: ['workspaces'],
      summary: 'Usage per workspace',
      description:
        'What each workspace was billed for requests created in the period (billing events: charged, deduplicated, ' +
        'included), for rebilling; requests made without a workspace report under `workspace: null`. Deleted ' +
        'workspaces keep their usage.',
      querystring: WorkspaceUsageQuery,
      response: { 200: WorkspaceUsageReport, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      const account = accountOf(req);
      const now = clock.now();
      const from = req.query.startDate ? new Date(req.query.startDate) : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const to = req.query.endDate ? endOf(req.query.endDate) : now;
      if (to < from) throw new ApiError('invalid_request', 'endDate is before startDate');
      const only = req.query.workspace ? await workspaces.resolve(account.id, req.query.workspace) : undefined;
      const rows = await workspaces.usage(account.id, from, to, only);
      return {
        startDate: from.toISOString(),
        endDate: to.toISOString(),
        currency: 'credit_cents' as const,
        totalInCreditCents: rows.reduce((sum, r) => sum + r.chargedInCreditCents, 0),
        workspaces: rows.map((r) => ({ ...r, workspace: r.workspace ? workspaceView(r.workspace) : null })),
      };
    },
  });
};
