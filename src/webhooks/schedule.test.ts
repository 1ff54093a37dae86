import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_RETRY_AFTER_MS, delayBefore, parseRetryAfter, withJitter } from './schedule.ts';

describe('webhook retry schedule', () => {
  const schedule = [0, 5000, 300_000];

  it('takes the delay of attempt k from entry k, and gives up after the last entry', () => {
    const mid = () => 0.5; // no jitter
    assert.equal(delayBefore(schedule, 1, undefined, mid), 0);
    assert.equal(delayBefore(schedule, 2, undefined, mid), 5000);
    assert.equal(delayBefore(schedule, 3, undefined, mid), 300_000);
    assert.equal(delayBefore(schedule, 4, undefined, mid), undefined);
    assert.equal(delayBefore(schedule, 4, 1000, mid), undefined, 'Retry-After does not extend the schedule');
  });

  it('jitters by at most 20 % either way and never goes negative', () => {
    assert.equal(
      withJitter(1000, () => 0),
      800,
    );
    assert.equal(
      withJitter(1000, () => 0.999999),
      1200,
    );
    assert.equal(
      withJitter(0, () => 0),
      0,
    );
    for (let i = 0; i < 1000; i++) {
      const d = withJitter(5000);
      assert.ok(d >= 4000 && d <= 6000, String(d));
    }
    const seen = new Set(Array.from({ length: 50 }, () => withJitter(100_000)));
    assert.ok(seen.size > 1, 'the delay varies');
  });

  it('honours a longer Retry-After, in seconds or as an HTTP date, up to 24 hours', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:01:00 GMT', now), 60_000);
    assert.equal(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
    const mid = () => 0.5;
    assert.equal(delayBefore(schedule, 2, 60_000, mid), 60_000, 'longer than scheduled: wins');
    assert.equal(delayBefore(schedule, 3, 60_000, mid), 300_000, 'shorter than scheduled: ignored');
    assert.equal(delayBefore(schedule, 2, 30 * 86_400_000, mid), MAX_RETRY_AFTER_MS);
  });
});
