import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { eventually } from '../../test/support/service.ts';
import { openPglite, type PgliteDb } from './pglite.ts';
import { StoreActivity } from './pglite-activity.ts';
import { startVacuums } from './pglite-vacuums.ts';

/**
 * The embedded store vacuums and analyzes itself (pglite-vacuums.ts): a lone PGlite backend has no autovacuum, so
 * without it the dead rows of every update stay, the planner never gets statistics and no row is ever frozen. Here a
 * round is due every 100 ms, in a lull of half a second, or after 6 s however busy the store is.
 */
describe('embedded store: vacuums and analyzes as autovacuum would', () => {
  let db: PgliteDb;
  before(async () => {
    db = await openPglite(undefined, { vacuums: { everyMs: 100, lullMs: 500, latestMs: 6_000 } });
    await db.query('create table churned (id int8 primary key, n int8 not null)');
    await db.query('create index churned_n on churned (n)');
    await db.query('create table appended (id int8 primary key)');
  });
  after(() => db.close());

  const stats = async (table: string) =>
    (
      await db.query<{ dead: number; vacuumed: boolean; analyzed: boolean; tuples: number; pages: number; allVisible: number }>(
        `select s.n_dead_tup::int8 as dead, s.vacuum_count > 0 as vacuumed, s.analyze_count > 0 as analyzed,
                c.reltuples::int8 as tuples, c.relpages::int8 as pages, c.relallvisible::int8 as "allVisible"
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
        [table],
      )
    )[0]!;

  it('takes the dead rows of updates away and gives the planner the table’s size', async () => {
    await db.query('insert into churned (id, n) select g, g from generate_series(1, 2000) g');
    // Every update changes an indexed column: no heap-only update, every old version is a dead row.
    for (let i = 0; i < 3; i++) await db.query('update churned set n = n + 1');
    // Looked at less often than the lull a round waits for.
    const churned = await eventually(
      async () => {
        const s = await stats('churned');
        return s.vacuumed && s.analyzed && s.dead === 0 && s;
      },
      10_000,
      600,
    );
    assert.equal(churned.tuples, 2000, 'the planner knows the table’s rows');
  });

  it('vacuums a table only inserted into, marking its pages all-visible', async () => {
    await db.query('insert into appended (id) select g from generate_series(1, 5000) g');
    // Looked at less often than the lull a round waits for.
    const appended = await eventually(
      async () => {
        const s = await stats('appended');
        return s.vacuumed && s;
      },
      10_000,
      600,
    );
    assert.ok(appended.pages > 0);
    assert.equal(appended.allVisible, appended.pages, 'every page all-visible: index-only scans skip the table');
  });

  it('waits for a lull in the requests, up to its latest', async () => {
    await db.query('create table busy (id int8 primary key, n int8 not null)');
    await db.query('insert into busy (id, n) select g, g from generate_series(1, 1000) g');
    await db.query('update busy set n = n + 1');
    // Statements back to back for 2 s (each a message to the store): no lull of half a second, no round.
    const started = performance.now();
    while (performance.now() - started < 2_000) await db.query('select 1');
    assert.equal((await stats('busy')).vacuumed, false, 'no vacuum while the store was busy');
    // Still busy, past the latest a round may wait.
    while (performance.now() - started < 10_000 && !(await stats('busy')).vacuumed) await db.query('select 1');
    assert.equal((await stats('busy')).vacuumed, true, 'vacuumed within 6 s however busy');
  });
});

describe('embedded store: a vacuum round stopped midway', () => {
  it('sees to no further table once stopped (the store closing under it)', async () => {
    const pg = await PGlite.create();
    try {
      // Three tables due for a vacuum (more rows inserted than autovacuum's insert threshold), with the catalogs'.
      for (const table of ['one', 'two', 'three']) {
        await pg.exec(`create table ${table} (id int8 primary key); insert into ${table} select generate_series(1, 2000)`);
      }
      const vacuumed: string[] = [];
      let stop = () => {};
      const exec = pg.exec.bind(pg);
      // The store's statements as sent, the stop coming while the round's first vacuum runs.
      pg.exec = async (sql, options) => {
        if (sql.startsWith('vacuum')) {
          vacuumed.push(sql);
          stop();
        }
        return exec(sql, options);
      };
      const failures: unknown[] = [];
      stop = startVacuums(pg, { everyMs: 10, lullMs: 0, latestMs: 10 }, new StoreActivity(), (f) => failures.push(f));
      await eventually(async () => vacuumed.length > 0, 10_000);
      // Long enough for the round to reach its next tables, and for more rounds, were it not stopped.
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(vacuumed.length, 1, vacuumed.join('\n'));
      assert.deepEqual(failures, []);
    } finally {
      await pg.close();
    }
  });
});
