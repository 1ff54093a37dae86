-- Daily checks of feed registers' companies (spec §6.2 "Registers are checked daily"; GB's streaming API, US-NY's
-- daily snapshot). A company of such a register falls due daily like any other; its check reads the register only
-- when it must (CompanyChecker): when the feed named it since its last read, when the feed is not known to be
-- complete up to the check's due time, or when its last read is older than the safety net. Otherwise the feed
-- confirms it unchanged, and the check is recorded without a call to the register.

-- The time of the check that last read the company at its register; cleared when its register's feed names it, so
-- that its next check reads it again (a crash between the feed read and the check cannot turn a change into none).
alter table monitored_companies add column register_read_at timestamptz;

-- The time up to which the feed held every change the register published, as of the feed's last complete read
-- (null: not known, and no check is confirmed by this feed).
alter table monitor_feed_cursors add column covered_until timestamptz;

-- Companies of feed registers were due monthly (a safety net): bring them within a day of the daily schedule.
update monitored_companies set next_check_at = least(next_check_at, now() + interval '1 day') where status = 'present';
