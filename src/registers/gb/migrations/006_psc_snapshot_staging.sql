-- A PSC snapshot as it downloads (the register's is some 10 million lines, more than a process should hold): its rows
-- are written here as they arrive, tagged by the run, and moved into gb_psc_snapshot in one transaction once the
-- file's totals line is checked. A refused run's rows are deleted at once; those of a process that died, a day later.
create table if not exists gb_psc_snapshot_staging (
  run text not null,
  started_at timestamptz not null,
  company_number text not null,
  line integer not null,
  psc jsonb not null,
  primary key (run, line)
);
