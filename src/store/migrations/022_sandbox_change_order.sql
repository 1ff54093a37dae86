-- The order in which the sandbox operator's writes to a register happened, for the US-NY change feed's readers
-- (monitors). The feed paged on `updated_at`, the service clock's time of the write, which has two holes: writes of
-- one millisecond split by a page's end (the second one never read), and a write whose time was taken before that of
-- another but which committed after a reader had passed the other (never read: its company's monitors confirmed it
-- unchanged from the feed). A sequence number taken in the writing statement, with the reader holding off writers
-- for its read (lock ... in share mode), gives every write a place after everything a reader has already passed.
create sequence sandbox_change_seq;
alter table sandbox_companies add column change_seq bigint;
update sandbox_companies c set change_seq = o.seq
  from (select country_code, company_id, row_number() over (order by updated_at, country_code, company_id) as seq
          from sandbox_companies) o
 where c.country_code = o.country_code and c.company_id = o.company_id;
select setval('sandbox_change_seq', coalesce((select max(change_seq) from sandbox_companies), 0) + 1, false);
alter table sandbox_companies alter column change_seq set default nextval('sandbox_change_seq');
alter table sandbox_companies alter column change_seq set not null;
create index sandbox_companies_changes on sandbox_companies (country_code, change_seq);
