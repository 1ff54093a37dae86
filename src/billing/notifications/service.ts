import type {
  BillingNotificationConfig,
  BillingNotificationConfigUpdate,
  BillingNotificationEvent,
  WorkspaceOverride,
  WorkspaceOverrideUpdate,
} from '../../contract/index.ts';
import type { Clock } from '../../shared/clock.ts';
import type { Ledger } from '../ledger.ts';
import { balanceStatusOf, DEFAULT_CONFIG, workspaceHighUsage } from './config.ts';
import type { BillingNotificationRepository, NewNotification } from './repository.ts';

/** The least time between two evaluations of one account's thresholds. */
const EVALUATION_INTERVAL_MS = 1000;

/** Sends an event to the account's webhook endpoints; the message id, or undefined when it has none. */
type Emit = (accountId: string, type: 'billing.low_balance' | 'billing.high_usage', payload: object) => Promise<string | undefined>;

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Billing notifications (the incumbent's /v2/billing/notifications): low-balance tiers on the account's balance,
 * high-usage tiers on its spend over a rolling period, for the whole account and per workspace (a workspace may
 * override the per-workspace settings). Each threshold fires once per period (its `dedupKey`: the day for the
 * balance, the period for usage), recorded and sent as a `billing.*` webhook through the durable delivery.
 * Evaluated after work is charged (`evaluateSoon`), never on the request's path.
 */
export class BillingNotifications {
  log: Logger = { error: () => undefined };
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly lastStarted = new Map<string, number>();
  private readonly waiting = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly repo: BillingNotificationRepository,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
    private readonly emit: Emit,
  ) {}

  async config(accountId: string): Promise<BillingNotificationConfig> {
    return { ...DEFAULT_CONFIG, ...(await this.repo.config(accountId)) };
  }

  async updateConfig(accountId: string, patch: BillingNotificationConfigUpdate): Promise<BillingNotificationConfig> {
    await this.repo.patchConfig(accountId, patch);
    this.evaluateSoon(accountId);
    return this.config(accountId);
  }

  async balanceView(accountId: string) {
    const [balance, config] = await Promise.all([this.ledger.balance(accountId), this.config(accountId)]);
    return {
      balanceInCreditCents: balance,
      status: balanceStatusOf(balance, config),
      // This service has no payment method on file: credits are granted by the operator, never recharged.
      autoTopup: { enabled: false, thresholdInCreditCents: 0, amountInCreditCents: 0 },
      lowBalanceThresholds: config.lowBalanceTiers,
    };
  }

  override(workspaceId: string): Promise<WorkspaceOverride | null> {
    return this.repo.override(workspaceId);
  }

  async upsertOverride(accountId: string, workspaceId: string, patch: WorkspaceOverrideUpdate): Promise<WorkspaceOverride> {
    const row = await this.repo.upsertOverride(accountId, workspaceId, patch);
    this.evaluateSoon(accountId);
    return row;
  }

  deleteOverride(workspaceId: string): Promise<void> {
    return this.repo.deleteOverride(workspaceId);
  }

  recent(accountId: string, limit: number): Promise<BillingNotificationEvent[]> {
    return this.repo.recent(accountId, limit);
  }

  /**
   * Evaluates the account's thresholds in the background; calls while one runs are folded into one more run, and runs
   * of one account start at most once per EVALUATION_INTERVAL_MS (the first at once, the last call's within the
   * interval after it): an account charged a thousand times a second is evaluated once a second, not a thousand.
   */
  evaluateSoon(accountId: string): void {
    if (this.running.has(accountId)) {
      this.again.add(accountId);
      return;
    }
    if (this.waiting.has(accountId)) return;
    const wait = (this.lastStarted.get(accountId) ?? Number.NEGATIVE_INFINITY) + EVALUATION_INTERVAL_MS - Date.now();
    if (wait > 0) {
      const timer = setTimeout(() => {
        this.waiting.delete(accountId);
        this.evaluateSoon(accountId);
      }, wait);
      timer.unref();
      this.waiting.set(accountId, timer);
      return;
    }
    this.lastStarted.set(accountId, Date.now());
    const run = this.evaluate(accountId)
      .then(() => undefined)
      .catch((err) => this.log.error({ err, accountId }, 'billing notifications could not be evaluated'))
      .finally(() => {
        this.running.delete(accountId);
        if (this.again.delete(accountId)) this.evaluateSoon(accountId);
      });
    this.running.set(accountId, run);
  }

  /** Runs the evaluations that wait for their interval now, and waits for those in flight (at stop). */
  async drain(): Promise<void> {
    for (const [accountId, timer] of this.waiting) {
      clearTimeout(timer);
      this.waiting.delete(accountId);
      this.lastStarted.delete(accountId);
      this.evaluateSoon(accountId);
    }
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /** Fires every threshold the account has crossed and not yet fired in its period. */
  async evaluate(accountId: string): Promise<BillingNotificationEvent[]> {
    const config = await this.config(accountId);
    const now = this.clock.nowMs();
    const fired: BillingNotificationEvent[] = [];
    const fire = async (n: NewNotification, webhook: boolean) => {
      const event = await this.repo.fire(n);
      if (!event) return;
      if (webhook) {
        const type = n.kind === 'low_balance' ? 'billing.low_balance' : 'billing.high_usage';
        const messageId = await this.emit(accountId, type, event);
        if (messageId) {
          await this.repo.markWebhookSent(event.id);
          event.webhookSent = true;
        }
      }
      fired.push(event);
    };

    if (config.lowBalanceEnabled) {
      const balance = await this.ledger.balance(accountId);
      const day = new Date(now).toISOString().slice(0, 10);
      for (const t of config.lowBalanceTiers.filter((t) => balance <= t.cents)) {
        const payload = { tierCents: t.cents, balanceCents: balance };
        await fire(
          {
            accountId,
            workspaceId: null,
            kind: 'low_balance',
            identifier: t.tier,
            dedupKey: `low_balance:${t.tier}:${accountId}:${day}`,
            payload,
          },
          config.lowBalanceWebhookEnabled,
        );
      }
    }

    const windowOf = (minutes: number) => {
      const ms = minutes * 60_000;
      return { since: new Date(now - ms), period: new Date(Math.floor(now / ms) * ms).toISOString() };
    };
    if (config.globalHighUsageEnabled) {
      const { since, period } = windowOf(config.globalHighUsagePeriodMinutes);
      const spent = (await this.repo.spend(accountId, since)).reduce((sum, s) => sum + s.cents, 0);
      for (const t of config.globalHighUsageTiers.filter((t) => spent >= t.cents)) {
        const payload = { tierCents: t.cents, spentCents: spent, periodMinutes: config.globalHighUsagePeriodMinutes, scope: 'account' };
        await fire(
          {
            accountId,
            workspaceId: null,
            kind: 'high_usage',
            identifier: t.tier,
            dedupKey: `high_usage:account:${t.tier}:${accountId}:${period}`,
            payload,
          },
          config.globalHighUsageWebhookEnabled,
        );
      }
    }

    // Per workspace: each workspace's spend against its own settings (override or account's).
    // Only when some workspace may have high-usage settings on: the spend read is the evaluation's costly part.
    if (!config.highUsageEnabled && !(await this.repo.hasOverrides(accountId))) return fired;
    const longest = Math.max(config.highUsagePeriodMinutes, 43_200);
    for (const { workspaceId } of (await this.repo.spend(accountId, new Date(now - longest * 60_000))).filter((s) => s.workspaceId)) {
      const settings = workspaceHighUsage(config, await this.repo.override(workspaceId!));
      if (!settings.enabled) continue;
      const { since, period } = windowOf(settings.periodMinutes);
      const spent = (await this.repo.spend(accountId, since)).find((s) => s.workspaceId === workspaceId)?.cents ?? 0;
      for (const t of settings.tiers.filter((t) => spent >= t.cents)) {
        const payload = { tierCents: t.cents, spentCents: spent, periodMinutes: settings.periodMinutes, scope: 'workspace' };
        await fire(
          {
            accountId,
            workspaceId,
            kind: 'high_usage',
            identifier: t.tier,
            dedupKey: `high_usage:${workspaceId}:${t.tier}:${period}`,
            payload,
          },
          settings.webhook,
        );
      }
    }
    return fired;
  }
}
