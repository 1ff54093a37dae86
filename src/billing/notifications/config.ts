import type { BillingNotificationConfig, WorkspaceOverride } from '../../contract/index.ts';

/**
 * Defaults of a new account (the incumbent's: every notification opt-in). The low-balance warning tier sits at the
 * threshold at which the balance reports `low` (10 000 credit cents), so `status` and the tiers agree.
 */
export const DEFAULT_CONFIG: BillingNotificationConfig = {
  lowBalanceEnabled: false,
  lowBalanceEmailEnabled: true,
  lowBalanceWebhookEnabled: true,
  lowBalanceTiers: [{ tier: 'warning', cents: 10_000 }],
  globalHighUsageEnabled: false,
  globalHighUsageEmailEnabled: true,
  globalHighUsageWebhookEnabled: true,
  globalHighUsagePeriodMinutes: 1440,
  globalHighUsageTiers: [{ tier: 'warning', cents: 100_000 }],
  highUsageEnabled: false,
  highUsageEmailEnabled: true,
  highUsageWebhookEnabled: true,
  highUsagePeriodMinutes: 1440,
  highUsageTiers: [{ tier: 'warning', cents: 100_000 }],
  autoTopupNotificationsEnabled: false,
  autoTopupEmailEnabled: true,
  autoTopupWebhookEnabled: true,
};

/** The per-workspace high-usage settings a workspace runs with: its override where set, else the account's. */
export function workspaceHighUsage(account: BillingNotificationConfig, override: WorkspaceOverride | null) {
  return {
    enabled: override?.highUsageEnabled ?? account.highUsageEnabled,
    webhook: override?.highUsageWebhookEnabled ?? account.highUsageWebhookEnabled,
    periodMinutes: override?.highUsagePeriodMinutes ?? account.highUsagePeriodMinutes,
    tiers: override?.highUsageTiers ?? account.highUsageTiers,
  };
}

/** `low` at or below the highest low-balance tier, `depleted` at or below zero (the balance's `status`). */
export function balanceStatusOf(balance: number, config: BillingNotificationConfig): 'ok' | 'low' | 'depleted' {
  if (balance <= 0) return 'depleted';
  const highest = Math.max(0, ...config.lowBalanceTiers.map((t) => t.cents));
  return balance <= highest ? 'low' : 'ok';
}
