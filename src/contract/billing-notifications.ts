import { z } from 'zod';
import { Timestamp } from './common.ts';

const cents = z.number().int().min(0).describe('Credit cents.');
export const LowBalanceTier = z
  .object({ tier: z.enum(['warning', 'critical', 'depleted']), cents })
  .meta({ id: 'LowBalanceTier', description: 'Fires when the balance drops to or below `cents`.' });
export const HighUsageTier = z
  .object({ tier: z.enum(['warning', 'critical']), cents })
  .meta({ id: 'HighUsageTier', description: 'Fires when the spend over the rolling period reaches `cents`.' });

const uniqueTiers = (tiers: { tier: string }[]) => new Set(tiers.map((t) => t.tier)).size === tiers.length;
const period = z.number().int().min(5).max(43_200).describe('Rolling window in minutes, 5 to 43200 (30 days).');

export const BillingNotificationConfig = z
  .object({
    lowBalanceEnabled: z.boolean(),
    lowBalanceEmailEnabled: z.boolean(),
    lowBalanceWebhookEnabled: z.boolean(),
    lowBalanceTiers: z.array(LowBalanceTier),
    globalHighUsageEnabled: z.boolean(),
    globalHighUsageEmailEnabled: z.boolean(),
    globalHighUsageWebhookEnabled: z.boolean(),
    globalHighUsagePeriodMinutes: z.number(),
    globalHighUsageTiers: z.array(HighUsageTier),
    highUsageEnabled: z.boolean(),
    highUsageEmailEnabled: z.boolean(),
    highUsageWebhookEnabled: z.boolean(),
    highUsagePeriodMinutes: z.number(),
    highUsageTiers: z.array(HighUsageTier),
    autoTopupNotificationsEnabled: z.boolean(),
    autoTopupEmailEnabled: z.boolean(),
    autoTopupWebhookEnabled: z.boolean(),
  })
  .meta({
    id: 'BillingNotificationConfig',
    description:
      'The account’s billing notifications, defaults merged. Notifications are sent as webhooks (`billing.low_balance`, ' +
      '`billing.high_usage`) to every endpoint of the account; e-mail is not sent by this service (the `…EmailEnabled` ' +
      'flags are kept for clients of the incumbent API). Auto top-up does not exist here: nothing fires for it.',
  });
export type BillingNotificationConfig = z.infer<typeof BillingNotificationConfig>;

const lowTiers = z.array(LowBalanceTier).min(1).max(10).refine(uniqueTiers, 'tier names must be unique');
const highTiers = z.array(HighUsageTier).min(1).max(5).refine(uniqueTiers, 'tier names must be unique');

export const BillingNotificationConfigUpdate = z
  .object({
    lowBalanceEnabled: z.boolean(),
    lowBalanceEmailEnabled: z.boolean(),
    lowBalanceWebhookEnabled: z.boolean(),
    lowBalanceTiers: lowTiers,
    globalHighUsageEnabled: z.boolean(),
    globalHighUsageEmailEnabled: z.boolean(),
    globalHighUsageWebhookEnabled: z.boolean(),
    globalHighUsagePeriodMinutes: period,
    globalHighUsageTiers: highTiers,
    highUsageEnabled: z.boolean(),
    highUsageEmailEnabled: z.boolean(),
    highUsageWebhookEnabled: z.boolean(),
    highUsagePeriodMinutes: period,
    highUsageTiers: highTiers,
    autoTopupNotificationsEnabled: z.boolean(),
    autoTopupEmailEnabled: z.boolean(),
    autoTopupWebhookEnabled: z.boolean(),
  })
  .partial()
  .strict()
  .meta({ id: 'BillingNotificationConfigUpdate', description: 'Only the fields given change.' });
export type BillingNotificationConfigUpdate = z.infer<typeof BillingNotificationConfigUpdate>;

export const WorkspaceOverrideUpdate = z
  .object({
    highUsageEnabled: z.boolean(),
    highUsageEmailEnabled: z.boolean(),
    highUsageWebhookEnabled: z.boolean(),
    highUsagePeriodMinutes: period,
    highUsageTiers: highTiers,
  })
  .partial()
  .strict()
  .meta({ id: 'WorkspaceBillingOverrideUpdate', description: 'The workspace’s own high-usage settings; the others inherit.' });
export type WorkspaceOverrideUpdate = z.infer<typeof WorkspaceOverrideUpdate>;

export const WorkspaceOverride = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    highUsageEnabled: z.boolean().nullable(),
    highUsageEmailEnabled: z.boolean().nullable(),
    highUsageWebhookEnabled: z.boolean().nullable(),
    highUsagePeriodMinutes: z.number().nullable(),
    highUsageTiers: z.array(HighUsageTier).nullable(),
  })
  .meta({ id: 'WorkspaceBillingOverride', description: 'null: inherited from the account.' });
export type WorkspaceOverride = z.infer<typeof WorkspaceOverride>;

export const WorkspaceNotificationView = z
  .object({ accountConfig: BillingNotificationConfig, workspaceOverride: WorkspaceOverride.nullable() })
  .meta({ id: 'WorkspaceBillingNotificationView' });

export const WorkspaceIdParams = z.object({ workspaceId: z.string().min(1).max(100).describe('The workspace’s id (or name).') });

export const BillingNotificationEvent = z
  .object({
    id: z.string(),
    kind: z.enum(['low_balance', 'high_usage', 'auto_topup']),
    identifier: z.string().describe('The tier (`warning`, `critical`, `depleted`).'),
    accountId: z.string(),
    workspaceId: z.string().nullable().describe('The workspace of a per-workspace high-usage notification; else null.'),
    dedupKey: z.string().describe('One notification per threshold and period: this key.'),
    firedAt: Timestamp,
    payload: z.record(z.string(), z.unknown()),
    emailSent: z.boolean(),
    webhookSent: z.boolean(),
  })
  .meta({ id: 'BillingNotificationEvent' });
export type BillingNotificationEvent = z.infer<typeof BillingNotificationEvent>;

export const RecentNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('1 to 200.'),
});
