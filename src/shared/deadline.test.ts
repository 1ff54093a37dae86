import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as wait } from 'node:timers/promises';
import { deadline } from './deadline.ts';

describe('deadline', () => {
  it('aborts with a TimeoutError once its time has passed, and says it expired', async () => {
    const d = deadline(20);
    assert.equal(d.signal.aborted, false);
    // Its own timer does not hold the process open (as AbortSignal.timeout's does not): the test's wait does.
    await wait(60);
    assert.equal(d.signal.aborted, true);
    assert.equal(d.expired, true);
    assert.equal((d.signal.reason as DOMException).name, 'TimeoutError');
  });

  it('aborts with the parent’s reason when the parent aborts first, without saying it expired', () => {
    const parent = new AbortController();
    const d = deadline(60_000, parent.signal);
    parent.abort(new Error('client left'));
    assert.equal(d.signal.aborted, true);
    assert.equal((d.signal.reason as Error).message, 'client left');
    assert.equal(d.expired, false);
    d.clear();
  });

  it('starts aborted under a parent that already aborted', () => {
    const parent = new AbortController();
    parent.abort(new Error('gone'));
    const d = deadline(60_000, parent.signal);
    assert.equal(d.signal.aborted, true);
    d.clear();
  });

  it('once cleared, neither its time nor its parent aborts it', async () => {
    const parent = new AbortController();
    const d = deadline(10, parent.signal);
    d.clear();
    await wait(40);
    parent.abort();
    assert.equal(d.signal.aborted, false);
    assert.equal(d.expired, false);
  });
});
