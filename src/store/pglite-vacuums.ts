import type { PGlite } from '@electric-sql/pglite';
import type { StoreActivity } from './pglite-activity.ts';
import { repeatUpkeep, type UpkeepFailure } from './pglite-upkeep.ts';

/**
 * When the embedded store vacuums and analyzes its tables. PostgreSQL does both on its own only under a postmaster
 * (its autovacuum launcher and workers); PGlite runs one backend alone, which never does. Without them every update
 * of a request leaves a dead row and its index entries behind for good, the planner never learns the tables'
 * statistics, and no row is ever frozen: after about two billion transactions (two or three per onboarding request)
 * the store would refuse every write to protect itself from transaction-id wraparound.
 *
 * The thresholds are PostgreSQL's own autovacuum defaults, so a table is looked after here when it would be there.
 */
export interface VacuumPolicy {
  /** Rounds at most this often (autovacuum_naptime is 60 s): the tables due are looked up, then each is seen to. */
  everyMs: number;
  /** A round waits for the store to be quiet this long (it holds the store's one thread for tens of milliseconds)… */
  lullMs: number;
  /** …but no longer than this after the last round. */
  latestMs: number;
}

/** A round a minute when the store has a quarter of a second without a request, and every ten minutes however busy. */
export const DEFAULT_VACUUMS: VacuumPolicy = { everyMs: 60_000, lullMs: 250, latestMs: 600_000 };

/**
 * The statistics target of the analyzes (PostgreSQL's default is 100): an analyze reads a sample of 300 times it in
 * rows. At 100 an analyze of the request items (their results are large JSON) held this thread 130-440 ms at about 400
 * onboarding requests a second, every request waiting; at 10, 27-38 ms. The request path's statements find rows by
 * key, where a coarser histogram changes nothing.
 */
const ANALYZE_TARGET = 10;

/**
 * The tables due, most dead rows first: a vacuum past autovacuum_vacuum_threshold (50) and _scale_factor (0.2) of dead
 * rows, past autovacuum_vacuum_insert_threshold (1000) and _scale_factor (0.2) of rows inserted since the last one
 * (they are frozen and marked all-visible), or past autovacuum_freeze_max_age (200 million transactions); an analyze
 * past autovacuum_analyze_threshold (50) and _scale_factor (0.1) of rows changed. A table never analyzed counts as empty.
 */
const DUE = `
  select "table", "vacuum", "analyze"
    from (select format('%I.%I', s.schemaname, s.relname) as "table", s.n_dead_tup as dead,
                 s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
                   or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
                   or age(c.relfrozenxid) > 200000000 as "vacuum",
                 s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as "analyze"
            from pg_stat_all_tables s
            join pg_class c on c.oid = s.relid
           where c.relkind in ('r', 'm')) t
   where "vacuum" or "analyze"
   order by dead desc`;

/**
 * Vacuums and analyzes `db`'s tables whenever PostgreSQL's autovacuum would, one table per statement so that the
 * requests waiting for the store run between two tables, not after all of them (at about 400 onboarding requests a
 * second the longest, a vacuum of the request items, took up to 60 ms). Returns the stop.
 */
export function startVacuums(db: PGlite, policy: VacuumPolicy, activity: StoreActivity, report: (f: UpkeepFailure) => void): () => void {
  let lastRound = performance.now();
  const round = async (stopped: () => boolean) => {
    const due = (await db.query<{ table: string; vacuum: boolean; analyze: boolean }>(DUE)).rows;
    for (const { table, vacuum, analyze } of due) {
      if (stopped()) break;
      // Each its own statement: the requests waiting for the store run between the two.
      if (vacuum) await db.exec(`vacuum ${table}`);
      if (analyze) await db.exec(`set default_statistics_target = ${ANALYZE_TARGET}; analyze ${table}`);
    }
  };
  const step = async (stopped: () => boolean) => {
    const since = performance.now() - lastRound;
    if (since < policy.everyMs || (since < policy.latestMs && activity.quietForMs() < policy.lullMs)) return;
    try {
      await round(stopped);
    } finally {
      lastRound = performance.now();
    }
  };
  return repeatUpkeep('vacuum', Math.min(1_000, policy.everyMs), step, report);
}
