-- The version of the register's mapping (Register.mappingVersion) that made a monitored company's snapshot. A check
-- that reads a company whose snapshot an earlier mapping made, while the register's change feed vouches that the
-- company has not changed at the register since that snapshot's read, takes the new view as the snapshot without a
-- notification: the difference is ours, not the register's (src/monitors/checker.ts). Every snapshot so far was made
-- by each register's first mapping version.
alter table monitored_companies add column mapping_version integer not null default 1;
