import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '../../test/support/service.ts';
import { openPglite } from './pglite.ts';
import { repeatUpkeep, type UpkeepFailure } from './pglite-upkeep.ts';

/**
 * The embedded store's upkeep (pglite-upkeep.ts) tells when it fails: a checkpoint or vacuum that fails without a word
 * leaves a store nobody looks after.
 */
describe('embedded store upkeep: failures are reported', () => {
  it('reports a failing step at once, a repeat of it not again soon, and a new failure at once with the count', async () => {
    const reports: UpkeepFailure[] = [];
    const messages = ['disk full', 'disk full', 'disk full', 'relation gone'];
    let steps = 0;
    const stop = repeatUpkeep(
      'checkpoint',
      10,
      async () => {
        const message = messages[steps++];
        if (message) throw Object.assign(new Error(message), { code: '53100' });
      },
      (f) => reports.push(f),
    );
    try {
      await eventually(async () => steps > messages.length + 2, 5_000, 10);
    } finally {
      stop();
    }
    assert.deepEqual(reports, [
      { task: 'checkpoint', message: 'disk full', code: '53100', failures: 1 },
      { task: 'checkpoint', message: 'relation gone', code: '53100', failures: 3 },
    ]);
  });

  it('never runs a step while the last one is still running', async () => {
    let running = 0;
    let most = 0;
    let steps = 0;
    const stop = repeatUpkeep(
      'vacuum',
      5,
      async () => {
        running++;
        most = Math.max(most, running);
        steps++;
        await sleep(40);
        running--;
      },
      () => assert.fail('no step failed'),
    );
    await sleep(300);
    stop();
    assert.ok(steps >= 2, `steps ran (${steps})`);
    assert.equal(most, 1, 'one step at a time');
  });

  it('does not report a step that fails once stopped: the store is closing under it', async () => {
    const reports: UpkeepFailure[] = [];
    let started = false;
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    let finished = false;
    const stop = repeatUpkeep(
      'checkpoint',
      5,
      async () => {
        started = true;
        await failing;
        finished = true;
        throw new Error('the store is closed');
      },
      (f) => reports.push(f),
    );
    // Waited for on a timer of its own: the upkeep's keeps no process alive.
    await eventually(async () => started, 1_000, 5);
    stop();
    fail();
    await eventually(async () => finished, 1_000, 5);
    await sleep(20);
    assert.deepEqual(reports, []);
  });

  it('reaches the store’s opener from the worker thread when an analyze fails, and the store keeps answering', async () => {
    const reports: UpkeepFailure[] = [];
    const db = await openPglite(undefined, {
      vacuums: { everyMs: 100, lullMs: 0, latestMs: 200 },
      onUpkeepFailure: (f) => reports.push(f),
    });
    try {
      // An analyze evaluates an expression index over its sample: this one fails once the session says so.
      await db.exec(`create function boom(n int8) returns int8 immutable language plpgsql as $$
        begin if current_setting('upkeep_test.boom', true) = 'on' then raise exception 'boom at %', n; end if; return n; end $$`);
      await db.exec('create table sampled (id int8 primary key)');
      await db.exec('create index sampled_boom on sampled (boom(id))');
      await db.exec('insert into sampled select g from generate_series(1, 500) g');
      await db.exec("set upkeep_test.boom = 'on'");
      const [report] = await eventually(async () => reports.length > 0 && reports, 5_000, 50);
      assert.equal(report!.task, 'vacuum');
      assert.match(report!.message, /^boom at \d+$/);
      assert.equal(report!.code, 'P0001');
      // The rounds go on failing the same way: not reported again within REPEAT_REPORT_MS.
      await sleep(500);
      assert.equal(reports.length, 1, 'one report of a failure that repeats');
      assert.deepEqual(await db.query('select count(*)::int8 as n from sampled'), [{ n: 500 }]);
    } finally {
      await db.close();
    }
  });
});
