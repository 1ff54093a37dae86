import { z } from 'zod';
import {
  Monitor,
  MonitorList,
  MonitorListQuery,
  MonitorLogList,
  MonitorLogsQuery,
  MonitorParams,
  errorResponses,
} from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app, { monitors }) => {
  typed(app).get('/v2/monitors', {
    schema: {
      tags: ['monitors'],
      summary: 'List monitors',
      description:
        'The account’s monitors, active and deactivated, newest first; filter by company and country; page with `first` and `after`.',
      querystring: MonitorListQuery,
      response: { 200: MonitorList, ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => monitors.list(accountOf(req), req.query),
  });

  typed(app).get('/v2/monitors/:id', {
    schema: {
      tags: ['monitors'],
      summary: 'Get a monitor',
      description: 'Another account’s monitor is a 404.',
      params: MonitorParams,
      response: { 200: Monitor, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => monitors.get(accountOf(req), req.params.id),
  });

  typed(app).get('/v2/monitors/:id/logs', {
    schema: {
      tags: ['monitors'],
      summary: 'Check log of a monitor',
      description:
        'One line per check, newest first, paged by `first` (default 25, at most 200) and `after`: `fetchStatus` `success`, `not_found` (the company ' +
        'disappeared), `error` (the register failed; retried later the same day) or `error_final` (the day’s ' +
        'retries are used up; the next daily check goes on). A register error is never a change.',
      params: MonitorParams,
      querystring: MonitorLogsQuery,
      response: { 200: MonitorLogList, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => monitors.logs(accountOf(req), req.params.id, req.query),
  });

  typed(app).delete('/v2/monitors/:id', {
    schema: {
      tags: ['monitors'],
      summary: 'Stop a monitor',
      description: 'Deactivates it for good; its logs stay readable. Another account’s monitor is a 404.',
      params: MonitorParams,
      response: { 204: z.null(), ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req, reply) => {
      await monitors.stop(accountOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });
};
