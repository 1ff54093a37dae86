import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../test/support/db.ts';
import type { Db } from '../../store/db.ts';
import { StoreTokenBucket } from './token-bucket.ts';

describe('GB API key budget shared through the store', () => {
  let store: { db: Db; drop(): Promise<void> };
  before(async () => {
    store = await openTestDb();
  });
  after(() => store.drop());

  it('two processes share one key: together they get the capacity at once, then wait for the refill', { timeout: 20_000 }, async () => {
    const opts = { capacity: 4, perSecond: 5 };
    const a = new StoreTokenBucket(store.db, 'key-1', opts);
    const b = new StoreTokenBucket(store.db, 'key-1', opts);
    const signal = AbortSignal.timeout(10_000);
    const started = Date.now();
    await Promise.all([a.take(signal), b.take(signal), a.take(signal), b.take(signal)]);
    const burst = Date.now() - started;
    // Bounded by the store's answer times (an embedded store warms up), far below the refill's 800 ms for four.
    assert.ok(burst < 700, `the capacity is there at once (${burst} ms)`);
    await Promise.all([a.take(signal), b.take(signal)]);
    // Two more tokens at 5 a second: six tokens take at least 400 ms from the first, whichever process asks (measured
    // from the start: a slow store's burst lets tokens refill meanwhile, so the wait after it may be shorter).
    assert.ok(Date.now() - started >= 380, `six tokens in ${Date.now() - started} ms`);
    // Another key has its own bucket.
    const t = Date.now();
    await new StoreTokenBucket(store.db, 'key-2', opts).take(signal);
    assert.ok(Date.now() - t < 300);
  });

  it('a caller whose deadline comes before the next token gives up, without a token taken', async () => {
    const bucket = new StoreTokenBucket(store.db, 'key-3', { capacity: 1, perSecond: 0.5 });
    await bucket.take(AbortSignal.timeout(1000));
    await assert.rejects(bucket.take(AbortSignal.timeout(200)));
  });
});
