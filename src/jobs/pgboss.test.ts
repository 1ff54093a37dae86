import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from '../store/db.ts';
import { channelOf } from './job-notifications.ts';
import { PgBossQueue } from './pgboss.ts';

describe('pg-boss queue: sendMany', () => {
  let store: Awaited<ReturnType<typeof openTestDb>>;
  let db: Db;
  let queue: PgBossQueue;
  const received: { n: number; at: number }[] = [];

  before(async () => {
    store = await openTestDb();
    db = store.db;
    queue = await PgBossQueue.start({ databaseUrl: process.env.DATABASE_URL, db, schema: store.jobsSchema, pollingIntervalSeconds: 0.5 });
    queue.workBatch(
      'test.many',
      async (payloads: { n: number }[]) => void received.push(...payloads.map((p) => ({ ...p, at: Date.now() }))),
      { batchSize: 8 },
    );
  });
  after(async () => {
    await queue.stop();
    await store.drop();
  });

  const until = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  };

  it('sends every job once: a key repeated in the call, or sent again, is a no-op; a delay holds its job back', async () => {
    const sentAt = Date.now();
    await queue.sendMany('test.many', [
      { payload: { n: 1 }, key: 'a' },
      { payload: { n: 2 }, key: 'b' },
      { payload: { n: 2 }, key: 'b' },
      { payload: { n: 3 } },
      { payload: { n: 4 }, key: 'd', delayMs: 1500 },
    ]);
    await queue.sendMany('test.many', [{ payload: { n: 1 }, key: 'a' }]);
    await until(() => received.length >= 4);
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(received.map((p) => p.n).sort(), [1, 2, 3, 4]);
    assert.ok(received.find((p) => p.n === 4)!.at - sentAt >= 1500, 'the delayed job ran after its delay');
  });
});

describe('pg-boss queue: retries and dead processes', () => {
  let store: Awaited<ReturnType<typeof openTestDb>>;
  let queue: PgBossQueue;
  const runs = new Map<string, number>();
  const done = new Set<string>();
  const count = (id: string) => runs.set(id, (runs.get(id) ?? 0) + 1).get(id)!;

  const until = async (ok: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 600 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 100));
  };
  const stateOf = async (id: string) =>
    (
      await store.db.query<{ state: string }>(`select state from ${store.jobsSchema}.job where name = 'test.retry' and data->>'id' = $1`, [
        id,
      ])
    )[0]?.state;

  before(async () => {
    store = await openTestDb();
    // A liveness window of 2 s: a job whose process stops beating for that long is taken for dead.
    const start = () =>
      PgBossQueue.start({ databaseUrl: process.env.DATABASE_URL, db: store.db, schema: store.jobsSchema, livenessSeconds: 2 });
    // A job taken by a process that then died: active, last seen alive a minute ago. The queue (and pg-boss's
    // tables) come from a first start; the worker starts after the kill, as in a restarted or surviving process.
    const first = await start();
    await first.send('test.retry', { id: 'orphan' }, { key: 'orphan' });
    await first.stop();
    await store.db.query(
      `update ${store.jobsSchema}.job set state = 'active', started_on = now() - interval '1 minute' where name = 'test.retry'`,
    );
    queue = await start();
    queue.work('test.retry', async ({ id, ms }: { id: string; ms?: number }) => {
      const n = count(id);
      if (id === 'flaky' && n === 1) throw new Error('first attempt fails');
      if (ms) await new Promise((r) => setTimeout(r, ms));
      done.add(id);
    });
  });
  after(async () => {
    await queue.stop();
    await store.drop();
  });

  it('runs again a job that was in flight when its process died', { timeout: 90_000 }, async () => {
    await until(async () => (await stateOf('orphan')) === 'completed');
    assert.equal(await stateOf('orphan'), 'completed');
    assert.equal(runs.get('orphan'), 1);
  });

  it('retries a job whose handler threw', { timeout: 90_000 }, async () => {
    await queue.send('test.retry', { id: 'flaky' });
    await until(async () => (await stateOf('flaky')) === 'completed');
    assert.equal(await stateOf('flaky'), 'completed');
    assert.equal(runs.get('flaky'), 2);
  });

  it('keeps a job that runs longer than the liveness window alive: it runs once', { timeout: 90_000 }, async () => {
    // 13 s: past the 2 s window and at least one pg-boss maintenance pass, which would expire it without heartbeats
    // (passes are 5 s apart, or 10 s when one finds the previous too recent and skips).
    await queue.send('test.retry', { id: 'slow', ms: 13_000 });
    await until(async () => (await stateOf('slow')) === 'completed');
    assert.equal(await stateOf('slow'), 'completed');
    assert.equal(runs.get('slow'), 1, 'not retried while its process was alive');
  });
});

/**
 * Two queues on one PostgreSQL stand for two processes. The receiving one polls once every 30 s, so only the sending
 * process's notification, heard on the jobs schema's channel, can make it run a job within seconds.
 */
describe('pg-boss queue: a job sent by another process wakes this one', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  let store: Awaited<ReturnType<typeof openTestDb>>;
  let sender: PgBossQueue;
  let receiver: PgBossQueue;
  const ran: number[] = [];

  before(async () => {
    store = await openTestDb();
    const start = (pollingIntervalSeconds: number) =>
      PgBossQueue.start({ databaseUrl: process.env.DATABASE_URL, db: store.db, schema: store.jobsSchema, pollingIntervalSeconds });
    [sender, receiver] = [await start(30), await start(30)];
    receiver.work('test.elsewhere', async () => void ran.push(Date.now()));
    // The receiver's first fetch (at start) finds nothing: from then on it waits 30 s between polls.
    await new Promise((r) => setTimeout(r, 1000));
  });
  after(async () => {
    await sender.stop();
    await receiver.stop();
    await store.drop();
  });

  it('runs at once a job sent by the other process, though its next poll is 30 s away', { timeout: 30_000 }, async () => {
    for (const n of [1, 2]) {
      const sentAt = Date.now();
      await sender.send('test.elsewhere', { n });
      for (let i = 0; i < 100 && ran.length < n; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(ran.length, n, `job ${n} ran`);
      assert.ok(ran[n - 1]! - sentAt < 5000, `job ${n} ran ${ran[n - 1]! - sentAt} ms after it was sent`);
    }
  });

  it('listens again once its connection is cut, and runs what was sent meanwhile', { timeout: 30_000 }, async () => {
    const waitForRuns = async (n: number) => {
      for (let i = 0; i < 200 && ran.length < n; i++) await new Promise((r) => setTimeout(r, 50));
    };
    const listeners = async () =>
      (
        await store.db.query<{ pid: number }>('select pid from pg_stat_activity where query = $1', [
          `listen "${channelOf(store.jobsSchema)}"`,
        ])
      ).map((r) => r.pid);
    const cut = await listeners();
    assert.equal(cut.length, 2, 'each queue listens on a connection of its own');
    await store.db.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [cut]);
    // Sent while the receiver is not listening: its next poll is 30 s away, but listening again makes it fetch.
    const before = ran.length;
    await sender.send('test.elsewhere', { n: 3 });
    await waitForRuns(before + 1);
    assert.equal(ran.length, before + 1, 'the job sent while nobody listened ran once the receiver listened again');
    // The sender reconnects on its own timer, as the receiver does (1 s after the cut): it may listen a moment later.
    let now = await listeners();
    for (let i = 0; i < 100 && now.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
      now = await listeners();
    }
    assert.equal(now.length, 2, 'both queues listen again');
    assert.ok(!now.some((pid) => cut.includes(pid)), 'new connections');
    const sentAt = Date.now();
    await sender.send('test.elsewhere', { n: 4 });
    await waitForRuns(before + 2);
    assert.equal(ran.length, before + 2);
    assert.ok(ran.at(-1)! - sentAt < 5000, 'woken by the notification again');
  });
});
