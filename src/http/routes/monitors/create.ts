import { Monitor, MonitorCreateBody, errorResponses } from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { IdempotencyHeaders } from '../../idempotency.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { monitors, idempotency }) => {
  typed(app).post('/v2/monitors', {
    schema: {
      tags: ['monitors'],
      summary: 'Create or retrieve a monitor',
      description:
        'Watches one company in its register: checked daily, every detected change sent to the account’s webhook ' +
        'endpoints as `monitor.notification` with its categories and the field-level `changes`. 201 with the new ' +
        'monitor; 200 with the account’s active monitor of the same company and country (its `metadata` replaced). ' +
        'A company no monitor watched yet is read at its register at once (that reading is the baseline; a company ' +
        'the register does not know is a 404). A company that disappears deactivates its monitors for good: create ' +
        'a new one to watch it again. Monitoring is not billed (see `GET /v2/pricing`). Accepts `Idempotency-Key`.',
      headers: IdempotencyHeaders,
      body: MonitorCreateBody,
      response: { 200: Monitor, 201: Monitor, ...errorResponses(400, 401, 404, 406, 413, 415, 422, 429, 503) },
    },
    handler: async (req, reply) => {
      const account = accountOf(req);
      return idempotency.run(req, reply, account.id, async () => {
        const { created, monitor } = await monitors.create(account, req.body);
        return { status: created ? 201 : 200, body: monitor };
      });
    },
  });
};
