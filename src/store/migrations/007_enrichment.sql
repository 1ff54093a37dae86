-- `fast` requests (src/retrieval/fast-cache.ts) look up what the service fetched for a company lately.
create index requests_company on requests (country_code, company_id, created_at);

-- Agentic enrichment (src/enrichment/agentic): the step's outcome for a request that asked for it, written once in
-- the transaction that settles its billing: {report, filled, fieldSources, findings, checks, cost, completedAt}.
alter table requests add column enrichment jsonb;
