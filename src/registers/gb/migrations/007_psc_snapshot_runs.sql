-- The PSC snapshot as runs: each ingestion writes its rows under a run of its own beside the snapshot's, and making it
-- the snapshot is one update of gb_psc_snapshot_state.run. Before, a checked file's rows were copied from staging
-- into gb_psc_snapshot in one transaction: at the register's ten million lines, some 8 GB written twice a day.
create table gb_psc_snapshot_runs (
  run text primary key,
  started_at timestamptz not null
);
create table gb_psc_snapshot_lines (
  run text not null,
  company_number text not null,
  line integer not null,
  psc jsonb not null,
  primary key (run, company_number, line)
);
alter table gb_psc_snapshot_state add column run text;
-- The snapshot in place becomes a run of its own.
insert into gb_psc_snapshot_runs (run, started_at) select 'before-runs', applied_at from gb_psc_snapshot_state where id = 1;
insert into gb_psc_snapshot_lines (run, company_number, line, psc)
  select 'before-runs', company_number, line, psc from gb_psc_snapshot where exists (select 1 from gb_psc_snapshot_state);
update gb_psc_snapshot_state set run = 'before-runs';
alter table gb_psc_snapshot_state alter column run set not null;
drop table gb_psc_snapshot_staging;
drop table gb_psc_snapshot;
