import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdlePolling } from './idle-polling.ts';

describe('IdlePolling', () => {
  it('waits twice as long after each empty fetch up to the maximum, and the base again once a job is found', () => {
    const p = new IdlePolling(500, 4000);
    assert.deepEqual(
      [0, 0, 0, 0, 0].map((n) => p.next(n)),
      [500, 1000, 2000, 4000, 4000],
    );
    assert.equal(p.next(3), 500);
    assert.equal(p.next(0), 1000);
    p.reset();
    assert.equal(p.next(0), 500);
  });

  it('keeps a fixed interval without a maximum (PostgreSQL: other processes send without waking this one)', () => {
    const p = new IdlePolling(500);
    assert.deepEqual(
      [0, 0, 0].map((n) => p.next(n)),
      [500, 500, 500],
    );
  });

  it('reads a changing maximum at each wait (PostgreSQL: the base interval while not listening for other sends)', () => {
    let listening = true;
    const p = new IdlePolling(500, () => (listening ? 4000 : 500));
    assert.deepEqual(
      [0, 0, 0, 0].map((n) => p.next(n)),
      [500, 1000, 2000, 4000],
    );
    listening = false;
    assert.equal(p.next(0), 500, 'the connection lost: back to the interval at once');
    listening = true;
    assert.deepEqual(
      [0, 0].map((n) => p.next(n)),
      [500, 1000],
    );
  });
});
