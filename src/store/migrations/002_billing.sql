-- Billing: the events an account reads (one per billable unit that was delivered), the reservation of every
-- billable unit of a request while it is in flight, and document bytes moved out of the database into the
-- blob store. Times are written from the service clock, never now().

-- One row per delivered billable unit of a request: a data block (by sku) or a document (by id).
-- Charged events are final; deduplicated and included ones cost 0 and link to the charged event.
create table billing_events (
  id text primary key,
  account_id text not null references accounts(id),
  request_id text not null references requests(id),
  country_code text not null,
  company_id text not null,
  kind text not null,              -- dataBlock | document
  sku text not null,               -- block sku, or document type
  document_id text,
  unit_key text not null,          -- what deduplicates: the sku of a block, document:<id> for a document
  amount bigint not null,
  status text not null,            -- charged | deduplicated | included
  linked_event_id text references billing_events(id),
  basis_at timestamptz not null,   -- creation of the request: dedup windows are measured between requests
  created_at timestamptz not null
);
-- A unit is billed at most once per request, whatever races.
create unique index billing_events_request_unit on billing_events (request_id, unit_key);
create index billing_events_unit on billing_events (account_id, country_code, company_id, unit_key, basis_at);
create index billing_events_account_page on billing_events (account_id, created_at, id);

-- Work a request may be charged for, held against the balance from acceptance until it succeeds (captured)
-- or fails (released). The money itself moves only in ledger_entries; this is the bookkeeping of each hold.
create table billing_reservations (
  request_id text not null references requests(id),
  unit_key text not null,
  account_id text not null references accounts(id),
  kind text not null,              -- dataBlock | document
  sku text not null,
  document_id text,
  price bigint not null,           -- catalogue price in the request's mode
  reserved bigint not null,        -- what the quote expects to charge: 0 when deduplicated or included
  charged bigint not null default 0,
  state text not null,             -- reserved | awaiting | captured | released
  event_id text references billing_events(id),
  created_at timestamptz not null,
  settled_at timestamptz,
  primary key (request_id, unit_key)
);

-- The billable unit each request item is settled under (a block sku or document:<id>); null when free.
alter table request_items add column billing_unit text;

-- Document bytes now live in the blob store; the row keeps the metadata and the blob's key.
alter table document_files add column blob_key text;
alter table document_files alter column content drop not null;
