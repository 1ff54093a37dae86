-- Foundation schema: accounts and keys, the credit ledger, requests and their items, idempotency,
-- sandbox registers and service settings. Times are written from the service clock, never now().

create extension if not exists pg_trgm with schema public;

create table accounts (
  id text primary key,
  name text not null,
  features jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);

create table api_keys (
  id text primary key,
  account_id text not null references accounts(id),
  key_hash text not null unique,
  key_prefix text not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);

-- Append-only: the balance of an account is the sum of its entries.
create table ledger_entries (
  id text primary key,
  account_id text not null references accounts(id),
  amount bigint not null,
  kind text not null,
  reference text,
  created_at timestamptz not null
);
create index ledger_entries_account on ledger_entries (account_id, created_at);

create table requests (
  id text primary key,
  account_id text not null references accounts(id),
  country_code text not null,
  company_id text not null,
  mode text not null,
  data_points jsonb not null,
  documents jsonb not null,
  options jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  company_legal_name text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index requests_account on requests (account_id, created_at);

-- One row per requested data point or document; the response is assembled from these.
create table request_items (
  request_id text not null references requests(id),
  kind text not null,            -- 'dataPoint' | 'document'
  name text not null,            -- data point name or document id
  status text not null,          -- in_progress | enriching | succeeded | failed
  authoritative boolean,
  cost bigint not null default 0,
  error jsonb,
  result jsonb,
  source jsonb,
  attempts integer not null default 0,
  updated_at timestamptz not null,
  primary key (request_id, kind, name)
);

create table idempotency_keys (
  account_id text not null references accounts(id),
  key text not null,
  route text not null,
  fingerprint text not null,
  status_code integer,
  response jsonb,
  created_at timestamptz not null,
  primary key (account_id, key)
);

create table sandbox_companies (
  country_code text not null,
  company_id text not null,
  record jsonb not null,
  behaviour jsonb not null default '{}'::jsonb,
  removed_at timestamptz,
  updated_at timestamptz not null,
  primary key (country_code, company_id)
);

create table sandbox_outages (
  country_code text primary key,
  until timestamptz not null
);

create table settings (
  key text primary key,
  value jsonb not null
);

-- Retrieved document files, served through signed URLs.
create table document_files (
  id text primary key,
  account_id text not null references accounts(id),
  country_code text not null,
  company_id text not null,
  document_id text not null,
  content_type text not null,
  content bytea not null,
  created_at timestamptz not null
);
