import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from './db.ts';
import { StatementGroups } from './statement-groups.ts';

// Statements that each commit by themselves, grouped into shared transactions when they come while others are in
// flight: what each caller sees must be what it would see alone.
describe('StatementGroups', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await openTestDb());
    await db.query('create table group_probe (k text primary key, n int8 not null check (n >= 0))');
  });
  after(() => drop());

  const insert = `insert into group_probe (k, n) values ($1, $2) returning k, pg_current_xact_id()::text as xact`;

  it('runs statements sent together in one transaction, in the order of their keys, each answered with its own rows', async () => {
    const groups = new StatementGroups(db, 1, 32);
    const keys = ['c', 'a', 'd', 'b', 'e'];
    const rows = await Promise.all(keys.map((k) => groups.on(k).query<{ k: string; xact: string }>(insert, [`order-${k}`, 1])));
    assert.deepEqual(
      rows.map((r) => r[0]!.k),
      keys.map((k) => `order-${k}`),
      'each caller gets its own row',
    );
    const [first, ...rest] = rows.map((r) => r[0]!.xact);
    assert.equal(new Set(rest).size, 1, 'those that waited for the first share one transaction');
    assert.notEqual(rest[0], first, 'the first ran alone, at once');
    const order = await db.query<{ k: string }>(`select k from group_probe where k like 'order-%' order by xmin::text::int8, ctid`);
    assert.deepEqual(
      order.map((r) => r.k),
      ['order-c', 'order-a', 'order-b', 'order-d', 'order-e'],
      'the group ran in the order of its keys',
    );
  });

  it("fails only the statement that fails, and writes the group's others", async () => {
    const groups = new StatementGroups(db, 1, 32);
    const sent = ['ok-1', 'bad', 'ok-2', 'ok-3'].map((k) =>
      groups
        .on(k)
        .query(insert, [k, k === 'bad' ? -1 : 1])
        .then(
          () => 'written',
          (err: Error) => err.message,
        ),
    );
    const outcomes = await Promise.all(sent);
    assert.deepEqual(outcomes.filter((o) => o === 'written').length, 3);
    assert.match(outcomes[1]!, /check constraint/);
    const stored = await db.query<{ k: string }>(`select k from group_probe where k in ('ok-1', 'bad', 'ok-2', 'ok-3') order by k`);
    assert.deepEqual(
      stored.map((r) => r.k),
      ['ok-1', 'ok-2', 'ok-3'],
    );
  });
});
