-- The name index built from the register's bulk product (Basic Company Data): current and previous names of every
-- live company, normalised (legal words dropped) for trigram search; replaced whole by each ingestion.
create table if not exists gb_company_names (
  company_number text not null,
  name text not null,
  current_name text not null,
  previous boolean not null,
  normalised text not null,
  status text,
  post_town text,
  postcode text,
  primary key (company_number, name)
);
create index if not exists gb_company_names_trgm on gb_company_names using gin (normalised public.gin_trgm_ops);
