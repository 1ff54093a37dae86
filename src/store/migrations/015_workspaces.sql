-- Workspaces (issue 17, the incumbent's /v2/workspaces): sub-accounts a request is made for, so that usage can be
-- rebilled per workspace. A deleted workspace is kept (deleted_at) so that its past usage still reports under it.
create table workspaces (
  id text primary key,
  account_id text not null references accounts(id),
  name text not null,
  legal_name text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create unique index workspaces_live_name on workspaces (account_id, name) where deleted_at is null;

-- Billing notifications: the account's settings (only what differs from the defaults is stored), per-workspace
-- overrides of the high-usage settings, and the notifications fired (one per threshold and period: dedup_key).
create table billing_notification_configs (
  account_id text primary key references accounts(id),
  config jsonb not null,
  updated_at timestamptz not null
);
create table billing_notification_overrides (
  id text primary key,
  account_id text not null references accounts(id),
  workspace_id text not null unique references workspaces(id),
  config jsonb not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create table billing_notification_events (
  id text primary key,
  account_id text not null references accounts(id),
  workspace_id text references workspaces(id),
  kind text not null,
  identifier text not null,
  dedup_key text not null,
  payload jsonb not null,
  webhook_sent boolean not null,
  fired_at timestamptz not null,
  unique (account_id, dedup_key)
);
create index billing_notification_events_recent on billing_notification_events (account_id, fired_at desc);
