import type {
  BillingNotificationConfigUpdate,
  BillingNotificationEvent,
  WorkspaceOverride,
  WorkspaceOverrideUpdate,
} from '../../contract/index.ts';
import type { Clock } from '../../shared/clock.ts';
import { newId } from '../../shared/ids.ts';
import { json, type Db } from '../../store/db.ts';

interface OverrideRow {
  id: string;
  workspaceId: string;
  config: WorkspaceOverrideUpdate;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewNotification {
  accountId: string;
  workspaceId: string | null;
  kind: 'low_balance' | 'high_usage';
  identifier: string;
  dedupKey: string;
  payload: Record<string, unknown>;
}

/** Billing-notification settings, overrides and fired notifications (migration 015). */
export class BillingNotificationRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async config(accountId: string): Promise<BillingNotificationConfigUpdate> {
    const [row] = await this.db.query<{ config: BillingNotificationConfigUpdate }>(
      'select config from billing_notification_configs where account_id = $1',
      [accountId],
    );
    return row?.config ?? {};
  }

  /** Merges `patch` into what is stored (one statement: concurrent patches of different fields both hold). */
  async patchConfig(accountId: string, patch: BillingNotificationConfigUpdate): Promise<void> {
    await this.db.query(
      `insert into billing_notification_configs (account_id, config, updated_at) values ($1, $2::jsonb, $3)
       on conflict (account_id) do update set config = billing_notification_configs.config || excluded.config, updated_at = excluded.updated_at`,
      [accountId, json(patch), this.clock.now()],
    );
  }

  async override(workspaceId: string): Promise<WorkspaceOverride | null> {
    const [row] = await this.db.query<OverrideRow>(
      `select id, workspace_id as "workspaceId", config, created_at as "createdAt", updated_at as "updatedAt"
         from billing_notification_overrides where workspace_id = $1`,
      [workspaceId],
    );
    return row ? overrideView(row) : null;
  }

  /** Whether any workspace of the account has an override (which may turn high-usage notifications on). */
  async hasOverrides(accountId: string): Promise<boolean> {
    const rows = await this.db.query('select 1 from billing_notification_overrides where account_id = $1 limit 1', [accountId]);
    return rows.length > 0;
  }

  async upsertOverride(accountId: string, workspaceId: string, patch: WorkspaceOverrideUpdate): Promise<WorkspaceOverride> {
    const now = this.clock.now();
    const [row] = await this.db.query<OverrideRow>(
      `insert into billing_notification_overrides (id, account_id, workspace_id, config, created_at, updated_at)
       values ($1, $2, $3, $4::jsonb, $5, $5)
       on conflict (workspace_id) do update set config = billing_notification_overrides.config || excluded.config, updated_at = excluded.updated_at
       returning id, workspace_id as "workspaceId", config, created_at as "createdAt", updated_at as "updatedAt"`,
      [newId('bno', now.getTime()), accountId, workspaceId, json(patch), now],
    );
    return overrideView(row!);
  }

  async deleteOverride(workspaceId: string): Promise<void> {
    await this.db.query('delete from billing_notification_overrides where workspace_id = $1', [workspaceId]);
  }

  /** Records a notification unless its dedup key already fired; returns it when new. */
  async fire(n: NewNotification): Promise<BillingNotificationEvent | undefined> {
    const now = this.clock.now();
    const [row] = await this.db.query<{ id: string }>(
      `insert into billing_notification_events (id, account_id, workspace_id, kind, identifier, dedup_key, payload, webhook_sent, fired_at)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, false, $8) on conflict (account_id, dedup_key) do nothing returning id`,
      [newId('bnn', now.getTime()), n.accountId, n.workspaceId, n.kind, n.identifier, n.dedupKey, json(n.payload), now],
    );
    if (!row) return undefined;
    return { id: row.id, ...n, firedAt: now.toISOString(), emailSent: false, webhookSent: false };
  }

  async markWebhookSent(id: string): Promise<void> {
    await this.db.query('update billing_notification_events set webhook_sent = true where id = $1', [id]);
  }

  async recent(accountId: string, limit: number): Promise<BillingNotificationEvent[]> {
    const rows = await this.db.query<Omit<BillingNotificationEvent, 'firedAt' | 'emailSent'> & { firedAt: Date }>(
      `select id, kind, identifier, account_id as "accountId", workspace_id as "workspaceId", dedup_key as "dedupKey",
          fired_at as "firedAt", payload, webhook_sent as "webhookSent"
         from billing_notification_events where account_id = $1 order by fired_at desc, id desc limit $2`,
      [accountId, limit],
    );
    return rows.map((r) => ({ ...r, firedAt: r.firedAt.toISOString(), emailSent: false }));
  }

  /** Credit cents charged to the account since `since`, per workspace (null: requests without one) or in all. */
  async spend(accountId: string, since: Date): Promise<{ workspaceId: string | null; cents: number }[]> {
    const rows = await this.db.query<{ workspaceId: string | null; cents: number }>(
      `select r.options->'workspace'->>'id' as "workspaceId", coalesce(sum(e.amount), 0)::int8 as cents
         from billing_events e join requests r on r.id = e.request_id
        where e.account_id = $1 and e.status = 'charged' and e.created_at >= $2 group by 1`,
      [accountId, since],
    );
    return rows.map((r) => ({ workspaceId: r.workspaceId, cents: Number(r.cents) }));
  }
}

function overrideView(row: OverrideRow): WorkspaceOverride {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    highUsageEnabled: row.config.highUsageEnabled ?? null,
    highUsageEmailEnabled: row.config.highUsageEmailEnabled ?? null,
    highUsageWebhookEnabled: row.config.highUsageWebhookEnabled ?? null,
    highUsagePeriodMinutes: row.config.highUsagePeriodMinutes ?? null,
    highUsageTiers: row.config.highUsageTiers ?? null,
  };
}
