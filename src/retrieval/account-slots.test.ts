import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from '../store/db.ts';
import { AccountSlots } from './account-slots.ts';
import { AccountSlotRepository } from './repository.ts';

describe('an account’s verification slots', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let slots: AccountSlots;
  const taken = async () => (await db.query<{ n: number }>(`select count(*)::int as n from account_slots where share = 'CN acc'`))[0]!.n;
  before(async () => {
    ({ db, drop } = await openTestDb());
    await db.query(`insert into process_leases (id, expires_at) values ('p1', now() + interval '1 hour')`);
    slots = new AccountSlots(db, new AccountSlotRepository(db), 'p1');
  });
  after(() => drop());

  it('tasks waiting on one register call hold one slot together, taken by the first and given back by the last', async () => {
    // Four tasks of one report download, started together, and three others: four slots, not seven.
    const shared = await Promise.all(Array.from({ length: 4 }, () => slots.hold('CN acc', 4, 'req1 credit report')));
    const own = await Promise.all(Array.from({ length: 3 }, () => slots.hold('CN acc', 4)));
    assert.ok([...shared, ...own].every((r) => r !== undefined));
    assert.equal(await taken(), 4);
    assert.equal(await slots.hold('CN acc', 4), undefined, 'the share is full');
    assert.equal(await slots.hold('CN acc', 4, 'req2 credit report'), undefined, 'another call needs a slot of its own');

    for (const release of shared.slice(0, 3)) await release!();
    assert.equal(await taken(), 4, 'held while one task of the call still runs');
    await shared[3]!();
    assert.equal(await taken(), 3);
    const next = await slots.hold('CN acc', 4, 'req1 credit report');
    assert.ok(next, 'a later task of the call takes a slot anew');
    await next();
    for (const release of own) await release!();
    assert.equal(await taken(), 0);
  });
});
