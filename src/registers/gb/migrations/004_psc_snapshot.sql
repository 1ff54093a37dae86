-- The register's daily persons with significant control snapshot: every PSC and statement of every live company, in
-- the register's JSON, replaced whole by each ingestion. Owners of a company are then known without a REST call (the
-- ownership graph reads them while the snapshot is fresh). One row per line of the file.
create table if not exists gb_psc_snapshot (
  company_number text not null,
  line integer not null,
  psc jsonb not null,
  primary key (company_number, line)
);
-- The snapshot in the table: when the register generated it and when it was applied (one row, id 1).
create table if not exists gb_psc_snapshot_state (
  id integer primary key check (id = 1),
  generated_at timestamptz not null,
  applied_at timestamptz not null,
  companies integer not null,
  pscs integer not null,
  statements integer not null,
  skipped integer not null
);
