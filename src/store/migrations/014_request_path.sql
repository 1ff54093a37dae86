-- The request path's cost no longer grows with an account's history (issue 22).

-- The balance of an account, kept beside its ledger: every ledger entry adds its amount in the statement that
-- inserts it (Ledger.record), so a balance is one row read, not a sum over every entry ever written. The ledger stays
-- the record: this column always equals the sum of the account's entries.
alter table accounts add column balance bigint not null default 0;
update accounts a set balance = coalesce((select sum(l.amount) from ledger_entries l where l.account_id = a.id), 0);

-- Deduplication asks for the charges of one unit of one company within its window: an index of charged events only,
-- so the deduplicated repeats of a company (one per repeat) are never read to find its charge.
create index billing_events_charged on billing_events (account_id, country_code, company_id, unit_key, basis_at)
  where status = 'charged';
