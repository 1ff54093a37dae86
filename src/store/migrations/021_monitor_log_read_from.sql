-- How each check knew what it logged (GET /v2/monitors/{id}/logs `readFrom`): 'register', the company read at its
-- register (or the attempt, for an error); 'changeFeed', the register's change feed (GB's streaming API, US-NY's
-- daily snapshot) was complete past the check's due time and did not name the company, so its last read stands
-- (019_feed_confirmation). Null on lines logged before this was kept: the analyst is not told what is not known.
alter table monitor_logs add column read_from text;
