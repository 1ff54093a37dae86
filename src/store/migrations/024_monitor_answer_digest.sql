-- The digest of the register's own answer a monitored company's snapshot was last read from (Fetched.answerDigest),
-- where the register gives one. A check that reads the same answer again, with a snapshot an earlier mapping version
-- made, takes the new view as the snapshot without a notification: the register did not change, our mapping did
-- (src/monitors/checker.ts). Snapshots read before this have none, and are compared as before.
alter table monitored_companies add column answer_digest text;
