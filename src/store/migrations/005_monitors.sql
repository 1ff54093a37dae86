-- Monitors (spec §2.10, §3.2, §6.2; CONTRACT §3). Several monitors of one company (other accounts) share one
-- check: `monitored_companies` holds the company's schedule and its latest snapshot (the data a check compares
-- with), `monitored_company_versions` every snapshot that differed from the one before (history, kept after a
-- disappearance), `monitors` the accounts' monitors with the version each last saw, `monitor_logs` one line per
-- monitor per check. Times are written from the service clock.

create table monitored_companies (
  country_code text not null,
  company_id text not null,
  version integer not null default 0,      -- 0: no snapshot yet (the first check takes it)
  data jsonb,                              -- the latest snapshot; null once the company disappeared (cache cleared)
  status text not null default 'present',  -- present | disappeared
  next_check_at timestamptz not null,
  last_checked_at timestamptz,
  failures integer not null default 0,     -- consecutive failed checks of the current day
  primary key (country_code, company_id)
);
create index monitored_companies_due on monitored_companies (next_check_at) where status = 'present';

create table monitored_company_versions (
  country_code text not null,
  company_id text not null,
  version integer not null,
  data jsonb,                              -- null for the final, disappeared snapshot
  changes jsonb not null,                  -- [{path, before, after}] from the version before
  categories jsonb not null,               -- change categories of `changes`
  created_at timestamptz not null,
  primary key (country_code, company_id, version)
);

create table monitors (
  id text primary key,
  account_id text not null references accounts(id),
  country_code text not null,
  company_id text not null,
  status text not null,                    -- active | deactivated
  metadata jsonb not null default '{}',
  seen_version integer,                    -- null until the company's first snapshot
  created_at timestamptz not null,
  last_checked_at timestamptz,
  deactivated_at timestamptz
);
-- One active monitor per account, company and country; a deactivated one is never reactivated.
create unique index monitors_one_active on monitors (account_id, country_code, company_id) where status = 'active';
create index monitors_of_company on monitors (country_code, company_id) where status = 'active';
create index monitors_of_account on monitors (account_id, created_at desc, id desc);

create table monitor_logs (
  id text primary key,
  monitor_id text not null references monitors(id),
  change_detected boolean not null,
  change_categories jsonb not null,
  fetch_status text not null,              -- success | not_found | error | error_final
  error_message text,
  created_at timestamptz not null
);
create index monitor_logs_of_monitor on monitor_logs (monitor_id, created_at desc, id desc);

-- Registers that publish snapshots (US-NY) tell which companies changed; this is how far monitors have read.
create table monitor_feed_cursors (
  country_code text primary key,
  cursor text not null,
  updated_at timestamptz not null
);
