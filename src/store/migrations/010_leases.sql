-- Leases (src/jobs/process-lease.ts): work in flight belongs to a live process, and survivors take over the work of
-- a process that died. A process renews its row's expiry by heartbeat. Unlike every other time in the store, the
-- expiry is the database's now(): a process's liveness is real time, shared by all processes, and moving the
-- sandbox clock must not expire a live process.
create table process_leases (
  id text primary key,
  expires_at timestamptz not null
);

-- The process handling a request until its work is settled (onboarding) or handed to the job engine
-- (verification); null once it is, and on requests older than leases.
alter table requests add column lease_owner text;
create index requests_lease_owner on requests (lease_owner) where lease_owner is not null;

-- The process running the first request of an Idempotency-Key: a repeat may take the key over once it is dead.
alter table idempotency_keys add column lease_owner text;
