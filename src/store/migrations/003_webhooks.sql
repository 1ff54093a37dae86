-- Webhooks: endpoints and their signing secrets, messages (one per event per account), the delivery state of
-- each message at each endpoint, and the log of attempts. Times are written from the service clock.

create table webhook_endpoints (
  id text primary key,
  account_id text not null references accounts(id),
  url text not null,
  description text,
  status text not null default 'enabled',   -- enabled | disabled (it answered 410 Gone)
  disabled_reason text,
  disabled_at timestamptz,
  created_at timestamptz not null,
  deleted_at timestamptz                     -- kept, not removed, so pending jobs and the log stay consistent
);
create index webhook_endpoints_account on webhook_endpoints (account_id) where deleted_at is null;

-- Stored as is: a secret must be recoverable to sign. A rotated-out secret signs until expires_at.
create table webhook_secrets (
  id bigint generated always as identity primary key,
  endpoint_id text not null references webhook_endpoints(id),
  secret text not null,
  created_at timestamptz not null,
  expires_at timestamptz
);
create index webhook_secrets_endpoint on webhook_secrets (endpoint_id);

-- The body is kept as the exact text that is signed, so every attempt sends the same bytes.
-- subject/version: for company.updated, the request id and its updated_at when the payload was built;
-- the unique index lets a repeated emission of the same state (e.g. catch-up after a crash) be a no-op.
create table webhook_messages (
  id text primary key,
  account_id text not null references accounts(id),
  event_type text not null,
  body text not null,
  subject text,
  version timestamptz,
  created_at timestamptz not null
);
create unique index webhook_messages_subject on webhook_messages (account_id, event_type, subject, version);

-- One row per (message, endpoint): the state machine of its automatic delivery.
create table webhook_deliveries (
  message_id text not null references webhook_messages(id),
  endpoint_id text not null references webhook_endpoints(id),
  status text not null,                      -- pending | succeeded | failed (schedule exhausted) | cancelled
  scheduled_attempts integer not null default 0,
  attempt_count integer not null default 0,  -- scheduled and manual attempts, numbers the log
  next_attempt_at timestamptz,
  updated_at timestamptz not null,
  primary key (message_id, endpoint_id)
);
create index webhook_deliveries_pending on webhook_deliveries (message_id, endpoint_id) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id);

create table webhook_attempts (
  id text primary key,
  message_id text not null,
  endpoint_id text not null,
  event_type text not null,
  attempt integer not null,
  trigger text not null,                     -- scheduled | manual
  status text not null,                      -- succeeded | failed
  response_status integer,
  error text,
  next_attempt_at timestamptz,
  created_at timestamptz not null,
  foreign key (message_id, endpoint_id) references webhook_deliveries (message_id, endpoint_id)
);
create unique index webhook_attempts_number on webhook_attempts (message_id, endpoint_id, attempt);
create index webhook_attempts_endpoint on webhook_attempts (endpoint_id, id);
