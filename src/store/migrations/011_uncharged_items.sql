-- A data point delivered without what its block's price pays for (Fetched.uncharged: a JE entity no longer active
-- has no profile report). Kept with the item so that a `fast` request served from it (src/retrieval/fast-cache.ts)
-- is not charged either.
alter table request_items add column uncharged boolean not null default false;
