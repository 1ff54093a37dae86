import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RefreshAhead } from './refresh-ahead.ts';

/** A read the test answers when it wants: `release` lets it finish, `fail` makes it throw. */
function controlledReads() {
  const reads: { release: () => void; fail: (err: Error) => void }[] = [];
  const refresh = () =>
    new Promise<void>((resolve, reject) => {
      reads.push({ release: resolve, fail: reject });
    });
  return { reads, refresh };
}

/** Whether `promise` has settled after the microtasks and timers queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('RefreshAhead', () => {
  it('reads nothing before half the period, reads behind the caller past it, and makes the caller wait only past the whole period', async () => {
    let now = 0;
    const { reads, refresh } = controlledReads();
    const freshness = new RefreshAhead({ periodMs: 1000, refresh, onFailure: () => assert.fail('no read failed'), now: () => now });
    freshness.readAsOf(0);

    now = 499;
    assert.ok(await settled(freshness.current()));
    assert.equal(reads.length, 0, 'fresh: no read');

    now = 500;
    assert.ok(await settled(freshness.current()), 'past half the period the caller goes on while the store is read');
    assert.equal(reads.length, 1);
    now = 900;
    assert.ok(await settled(freshness.current()));
    assert.equal(reads.length, 1, 'callers share the read under way');
    reads[0]!.release();
    now = 1400;
    assert.ok(await settled(freshness.current()));
    assert.equal(reads.length, 1, 'the read counts from its start (500): still fresh at 1400');

    now = 2600;
    const waiting = freshness.current();
    assert.equal(await settled(waiting), false, 'past the whole period the caller waits for the store');
    assert.equal(reads.length, 2);
    reads[1]!.release();
    assert.ok(await settled(waiting));
  });

  it('a failed read lets its callers go on, is reported, and the next caller reads again; the same failure repeated is reported once', async () => {
    let now = 0;
    const { reads, refresh } = controlledReads();
    const failures: [string, number][] = [];
    const freshness = new RefreshAhead({
      periodMs: 1000,
      refresh,
      onFailure: (err, n) => failures.push([(err as Error).message, n]),
      now: () => now,
    });
    freshness.readAsOf(0);

    now = 5000;
    const waiting = freshness.current();
    reads[0]!.fail(new Error('the store was unreachable'));
    await waiting;
    assert.deepEqual(failures, [['the store was unreachable', 1]]);

    for (let i = 1; i <= 3; i++) {
      const again = freshness.current();
      assert.equal(reads.length, i + 1, 'each caller after a failure tries the store again');
      reads[i]!.fail(new Error('the store was unreachable'));
      await again;
    }
    assert.deepEqual(failures, [['the store was unreachable', 1]], 'a failure that repeats is not reported on every read');

    const next = freshness.current();
    reads[4]!.fail(new Error('relation "gb_index_changes" does not exist'));
    await next;
    assert.deepEqual(failures[1], ['relation "gb_index_changes" does not exist', 4], 'a new failure at once, with the count since');

    const recovered = freshness.current();
    reads[5]!.release();
    await recovered;
    assert.ok(await settled(freshness.current()));
    assert.equal(reads.length, 6, 'read again after the failures: fresh');
  });

  it('a refresh that throws before its first await leaves no read stuck under way', async () => {
    let calls = 0;
    const freshness = new RefreshAhead({
      periodMs: 1000,
      refresh: () => {
        calls++;
        throw new Error('at once');
      },
      onFailure: () => undefined,
      now: () => 10_000,
    });
    await freshness.current();
    await freshness.current();
    assert.equal(calls, 2);
  });
});
