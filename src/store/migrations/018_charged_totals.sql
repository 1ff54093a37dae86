-- Credits charged by register, for the metrics (registrum_credits_charged_cents): charged events up to `through`
-- folded into one row per register, so that a scrape reads these rows and the events after `through`, not every
-- charged event the store ever recorded. A scrape folds what is older than ten minutes (StoreFigures): an event's
-- created_at is set just before the statement that writes it, so by then its transaction has committed or failed.
create table charged_totals (
  country_code text primary key,
  amount int8 not null
);
create table charged_totals_state (
  id int primary key check (id = 1),
  through timestamptz not null
);
insert into charged_totals_state (id, through) values (1, '-infinity');
