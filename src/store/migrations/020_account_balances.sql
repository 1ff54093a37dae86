-- An account's balance in a row of its own (issue 22). Every hold and top-up updates the balance; every request's
-- rows (requests, billing_events, billing_reservations, ledger_entries) reference the account, and each of those
-- foreign keys locks the referenced row FOR KEY SHARE. With the balance on the account's row, that row got a new
-- version at every accept and carried a multixact of concurrent lockers: each key check walked its chain of dead
-- versions and read the multixact's members, a quarter of PostgreSQL's time under load. The account's row now never
-- changes after it is created; the keys still check it.
create table account_balances (
  account_id text primary key references accounts(id),
  balance bigint not null
);
insert into account_balances (account_id, balance) select id, balance from accounts;
alter table accounts drop column balance;
