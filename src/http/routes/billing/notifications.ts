import { z } from 'zod';
import {
  BillingNotificationConfig,
  BillingNotificationConfigUpdate,
  BillingNotificationEvent,
  RecentNotificationsQuery,
  WorkspaceIdParams,
  WorkspaceNotificationView,
  WorkspaceOverride,
  WorkspaceOverrideUpdate,
  errorResponses,
} from '../../../contract/index.ts';
import { accountOf } from '../../auth.ts';
import { typed, type RouteRegistrar } from '../types.ts';

const tags = ['billing'];

export const register: RouteRegistrar = (app, { billingNotifications: notes, workspaces }) => {
  typed(app).get('/v2/billing/notifications/config', {
    schema: {
      tags,
      summary: 'Billing notification settings',
      description: 'Defaults merged: every notification is off until enabled.',
      response: { 200: BillingNotificationConfig, ...errorResponses(401, 429) },
    },
    handler: async (req) => notes.config(accountOf(req).id),
  });

  typed(app).patch('/v2/billing/notifications/config', {
    schema: {
      tags,
      summary: 'Change billing notification settings',
      description:
        'Low balance: each tier fires once a day while the balance is at or below it. High usage: each tier fires once ' +
        'per period when the spend over the rolling period reaches it, for the whole account (`globalHighUsage…`) and ' +
        'for each workspace (`highUsage…`, which a workspace may override). Sent as `billing.low_balance` / ' +
        '`billing.high_usage` webhooks (the payload is the notification, as listed by `/recent`).',
      body: BillingNotificationConfigUpdate,
      response: { 200: BillingNotificationConfig, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: async (req) => notes.updateConfig(accountOf(req).id, req.body),
  });

  typed(app).get('/v2/billing/notifications/recent', {
    schema: {
      tags,
      summary: 'Recent billing notifications',
      description: 'Newest first. `emailSent` is always false: this service sends webhooks only.',
      querystring: RecentNotificationsQuery,
      response: { 200: z.array(BillingNotificationEvent), ...errorResponses(400, 401, 429) },
    },
    handler: async (req) => notes.recent(accountOf(req).id, req.query.limit),
  });

  typed(app).get('/v2/billing/notifications/workspaces/:workspaceId/config', {
    schema: {
      tags,
      summary: 'A workspace’s billing notification settings',
      params: WorkspaceIdParams,
      response: { 200: WorkspaceNotificationView, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      const account = accountOf(req);
      const ws = await workspaces.resolve(account.id, req.params.workspaceId);
      return { accountConfig: await notes.config(account.id), workspaceOverride: await notes.override(ws.id) };
    },
  });

  typed(app).patch('/v2/billing/notifications/workspaces/:workspaceId/config', {
    schema: {
      tags,
      summary: 'Override a workspace’s high-usage settings',
      description: 'Only the fields given change; the others keep inheriting from the account.',
      params: WorkspaceIdParams,
      body: WorkspaceOverrideUpdate,
      response: { 200: WorkspaceOverride, ...errorResponses(400, 401, 404, 413, 415, 429) },
    },
    handler: async (req) => {
      const account = accountOf(req);
      const ws = await workspaces.resolve(account.id, req.params.workspaceId);
      return notes.upsertOverride(account.id, ws.id, req.body);
    },
  });

  typed(app).delete('/v2/billing/notifications/workspaces/:workspaceId/config', {
    schema: {
      tags,
      summary: 'Remove a workspace’s override',
      description: 'Idempotent: the workspace inherits the account’s settings.',
      params: WorkspaceIdParams,
      response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (req) => {
      const account = accountOf(req);
      const ws = await workspaces.resolve(account.id, req.params.workspaceId);
      await notes.deleteOverride(ws.id);
      return { ok: true as const };
    },
  });
};
