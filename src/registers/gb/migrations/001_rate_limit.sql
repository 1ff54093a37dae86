-- The Companies House API key's request budget, shared by every process of the service (a token bucket per key):
-- the register counts requests per key, not per process. `tokens` as of `updated_at`; refilled continuously.
create table if not exists gb_rate_limit (
  bucket text primary key,
  tokens double precision not null,
  updated_at timestamptz not null
);
