-- Verification fairness across processes (src/retrieval/account-slots.ts): one row per verification job running
-- now, by share (register and account). An account's share of a register's workers is a count of these rows, so
-- it holds however many processes run jobs. A row belongs to a process; when that process's lease (migration 010)
-- is no longer alive the row no longer counts, so a killed process frees its slots when its lease expires.
create table account_slots (
  id text primary key,
  share text not null,
  process_id text not null,
  taken_at timestamptz not null default now()
);
create index account_slots_share on account_slots (share);
