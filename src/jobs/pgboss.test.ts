import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from '../store/db.ts';
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
