-- The name index is in memory now (registers/gb/search/): built from the Basic Company Data product, which is kept
-- here in compact chunks so that a restart, or another process, rebuilds the index without downloading the product
-- again; the stream's company changes since the product are kept beside it. The pg_trgm table of 003 is dropped:
-- the recall baseline lives in bench/ (bench/support/trigram.ts), not in the service.
drop table if exists gb_company_names;

create table gb_bulk_products (
  id bigint generated always as identity primary key,
  source text not null,
  status text not null,             -- running | done | failed
  -- The date the product describes the register at: stream changes published before it are in the product.
  taken_at timestamptz not null,
  started_at timestamptz not null,
  finished_at timestamptz,
  companies integer not null default 0,
  names integer not null default 0,
  error text
);
-- One ingestion at a time, across processes.
create unique index gb_bulk_products_one_running on gb_bulk_products (status) where status = 'running';

-- The product's companies, a chunk of lines at a time, gzipped (registers/gb/search/product-store.ts).
create table gb_bulk_chunks (
  product_id bigint not null references gb_bulk_products (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (product_id, seq)
);

-- Each company's latest state from the companies stream (name, previous names, status, town, postcode), or its
-- removal; `seq` grows with every change, so an index applies what it has not seen yet.
create sequence gb_index_changes_seq;
create table gb_index_changes (
  company_number text primary key,
  seq bigint not null default nextval('gb_index_changes_seq'),
  line text not null,               -- the company as a product line (product-store.ts); '' when removed
  removed boolean not null default false,
  changed_at timestamptz not null
);
create index gb_index_changes_by_seq on gb_index_changes (seq);
