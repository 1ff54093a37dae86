-- Events of the register's Streaming API as the consumer received them: one row per event, per stream and
-- timepoint (a reconnect that replays an event stores it once). The consumer resumes each stream after its
-- largest timepoint; monitors read the companies the events touch by `id` (changedCompanies).
create table if not exists gb_stream_events (
  id bigserial primary key,
  stream text not null,
  timepoint bigint not null,
  company_number text not null,
  event_type text not null,
  published_at timestamptz,
  received_at timestamptz not null default now(),
  unique (stream, timepoint)
);
