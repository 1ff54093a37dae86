import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { SandboxRepository } from './repository.ts';
import { SandboxStore } from './store.ts';

/**
 * The sandbox's reads come from a snapshot per register: two stores on one database stand for two processes. A write
 * is seen at once by the store that made it; another store sees it once its snapshot is older than `freshForMs`.
 */
describe('sandbox snapshots', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => ({ db, drop } = await openTestDb()));
  after(() => drop());

  const storeOn = (freshForMs: number) => new SandboxStore(new SandboxRepository(db), new Clock(), { freshForMs });

  it('shows a write at once in the process that made it, and in another once its snapshot is stale', async () => {
    const writer = storeOn(60_000);
    const cached = storeOn(60_000);
    const stale = storeOn(0);
    for (const s of [writer, cached, stale]) assert.deepEqual(await s.list('SNAP'), []);

    await writer.put('SNAP', 'ONE', { company: { legalName: 'One Ltd' } }, { failTimes: 1 });
    assert.deepEqual((await writer.get('SNAP', 'ONE'))?.record, { company: { legalName: 'One Ltd' } });
    assert.equal(await cached.get('SNAP', 'ONE'), undefined, 'a fresh snapshot of another process is kept');
    assert.equal((await stale.list('SNAP')).length, 1, 'a stale one is read again');

    assert.equal(await writer.remove('SNAP', 'ONE'), true);
    assert.deepEqual(await writer.list('SNAP'), []);
    assert.deepEqual(
      (await writer.list('SNAP', { removed: true })).map((r) => [r.companyId, r.removed]),
      [['ONE', true]],
    );
  });

  it('shows an outage and a consumed failure at once in the process that set them', async () => {
    const store = storeOn(60_000);
    assert.equal(await store.isInOutage('SNAP-OUT'), false);
    await store.setOutage('SNAP-OUT', 60_000);
    assert.equal(await store.isInOutage('SNAP-OUT'), true);
    await store.setOutage('SNAP-OUT', 0);
    assert.equal(await store.isInOutage('SNAP-OUT'), false);

    await store.put('SNAP-OUT', 'FLAKY', null, { failTimes: 1 });
    assert.equal((await store.get('SNAP-OUT', 'FLAKY'))?.behaviour.failTimes, 1);
    assert.equal(await store.consumeFailure('SNAP-OUT', 'FLAKY'), true);
    assert.equal((await store.get('SNAP-OUT', 'FLAKY'))?.behaviour.failTimes, 0);
    assert.equal(await store.consumeFailure('SNAP-OUT', 'FLAKY'), false, 'the store, not the snapshot, decides a failure');
  });

  it('keeps the objects of unchanged records across reads, and gives a changed one anew', async () => {
    const writer = storeOn(60_000);
    const reader = storeOn(0);
    await writer.put('SNAP-KEEP', 'A', { name: 'A' });
    await writer.put('SNAP-KEEP', 'B', { name: 'B' });
    const first = await reader.list('SNAP-KEEP', { removed: true });
    const again = await reader.list('SNAP-KEEP', { removed: true });
    assert.equal(again.length, 2);
    assert.ok(
      again.every((r, i) => r === first[i]),
      'the same objects while nothing changed (readers keep what they parsed by object)',
    );

    await writer.put('SNAP-KEEP', 'B', { name: 'B, renamed' });
    await writer.consumeFailure('SNAP-KEEP', 'A');
    const changed = await reader.list('SNAP-KEEP', { removed: true });
    assert.equal(changed[0], first[0], 'A unchanged (no failure was there to consume)');
    assert.notEqual(changed[1], first[1], 'B rewritten');
    assert.deepEqual(changed[1]!.record, { name: 'B, renamed' });

    await writer.put('SNAP-KEEP', 'A', { name: 'A' }, { failTimes: 2 });
    await writer.consumeFailure('SNAP-KEEP', 'A');
    const consumed = await reader.get('SNAP-KEEP', 'A');
    assert.equal(consumed?.behaviour.failTimes, 1, "another process's consumed failure is read, not the kept object");
    assert.equal(await writer.remove('SNAP-KEEP', 'B'), true);
    assert.equal((await reader.get('SNAP-KEEP', 'B'))?.removed, true);
  });
});
