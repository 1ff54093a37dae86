-- Ownership graph (src/graph): every company whose shareholders a graph request fetched, stored with its charge in
-- one transaction, so that a graph task run again (a retry, a restart) neither fetches nor charges it twice.

create table graph_expansions (
  request_id text not null references requests(id),
  node_id text not null,              -- CC:companyId
  country_code text not null,
  company_id text not null,
  data jsonb not null,                -- {legalName?, shareholders, profile? (the requested company only)}
  sku text,                           -- the shareholders block it was billed under; null when its register gives it free
  cost bigint not null,               -- credit cents charged for it: 0 when deduplicated, covered or free
  billing_event_id text references billing_events(id),
  created_at timestamptz not null,
  primary key (request_id, node_id)
);

-- A graph bills the shareholders block of every company it expands, each under that company: one request now
-- holds events of several companies for the same sku. Still at most one per unit and company per request.
drop index billing_events_request_unit;
create unique index billing_events_request_unit on billing_events (request_id, country_code, company_id, unit_key);
