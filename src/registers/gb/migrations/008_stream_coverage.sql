-- How far each consumed stream is known complete (src/registers/gb/stream-consumer.ts): the publication time of its
-- last stored event, or the service's time at a heartbeat (the register sends one only when it has nothing more to
-- send). Only ever moves forward. The monitors' feed is complete up to the earliest of the consumed streams, and a
-- stream that is down stops moving it, so its companies are read at the register instead of confirmed unchanged.
create table if not exists gb_stream_coverage (
  stream text primary key,
  covered_until timestamptz not null
);
