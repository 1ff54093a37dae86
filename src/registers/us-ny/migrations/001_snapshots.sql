-- US-NY open-data snapshot (registers/us-ny.md §1): the deduplicated entities of the snapshots applied so far,
-- one row per snapshot applied, and the per-entity differences between consecutive snapshots, which monitors
-- read. Times are written from the service clock.

create table us_ny_snapshots (
  seq bigint generated always as identity primary key,
  source text not null,
  status text not null,                    -- running | done | failed
  initial boolean not null default false,  -- the first snapshot: its entities are all new, no changes are listed
  started_at timestamptz not null,
  finished_at timestamptz,
  rows_read integer not null default 0,
  invalid_rows integer not null default 0,
  duplicate_rows integer not null default 0,
  name_records integer not null default 0,
  entities integer not null default 0,
  added integer not null default 0,
  changed integer not null default 0,
  removed integer not null default 0,
  error text
);
-- One ingestion at a time, across processes.
create unique index us_ny_snapshots_one_running on us_ny_snapshots (status) where status = 'running';

-- `row` holds the 30 columns' values in the dataset's order, joined by U+001F (registers/us-ny/packed-row.ts):
-- the embedded store writes about 6 MB/s, and 4.3 million rows as JSON would be three times the bytes.
-- `names` is the name history as JSON ('' when none); `alt_names` the former (F) and assumed (A) names, one per
-- line, kind letter first, so that building the search index parses no JSON.
create table us_ny_entities (
  dos_id text primary key,
  row text not null,
  names text not null default '',
  alt_names text not null default '',
  hash text not null,
  first_seq bigint not null,
  changed_seq bigint not null,
  removed_seq bigint,
  removed_at timestamptz
);

create table us_ny_snapshot_changes (
  seq bigint not null references us_ny_snapshots(seq),
  dos_id text not null,
  change text not null,                    -- added | changed | removed
  fields text,                             -- JSON [{path, before, after}] of a changed entity
  primary key (seq, dos_id)
);
