import { RunChecksResult, errorResponses } from '../../../contract/index.ts';
import { typed, type RouteRegistrar } from '../types.ts';

const security = [{ adminToken: [] }];

export const register: RouteRegistrar = (app, { monitorChecks }) => {
  typed(app).post('/admin/monitors/run-checks', {
    schema: {
      tags: ['operator'],
      summary: 'Run every due monitor check now',
      description:
        'Reads the registers’ new snapshots, then checks every company whose daily check is due by the service ' +
        'clock (see `POST /admin/clock`), in this process, and answers with the totals once they are recorded.',
      security,
      response: { 200: RunChecksResult, ...errorResponses(401) },
    },
    handler: async () => monitorChecks.runDueNow(),
  });
};
