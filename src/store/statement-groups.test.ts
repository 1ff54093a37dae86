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

  /** Writes every member's row in one statement over arrays, answering each with the statement's rows. */
  const combineProbes = (members: readonly { k: string; n: number }[]) => ({
    sql: `insert into group_probe (k, n) select * from unnest($1::text[], $2::int8[]) returning k, pg_current_xact_id()::text as xact`,
    params: [members.map((m) => m.k), members.map((m) => m.n)],
  });

  it('writes a group whose statements came with their members in the one statement its combiner makes of them', async () => {
    const groups = new StatementGroups(db, 1, 32, combineProbes);
    const keys = ['all-c', 'all-a', 'all-b', 'all-d'];
    const rows = await Promise.all(keys.map((k) => groups.on(k).queryAs<{ k: string; xact: string }>({ k, n: 1 }, insert, [k, 1])));
    assert.deepEqual(
      rows[0]!.map((r) => r.k),
      ['all-c'],
      'the first ran alone, as its own statement',
    );
    for (const later of rows.slice(1))
      assert.deepEqual(later.map((r) => r.k).sort(), ['all-a', 'all-b', 'all-d'], "the others got the combined statement's rows");
    const stored = await db.query<{ k: string }>(`select k from group_probe where k like 'all-%' order by k`);
    assert.deepEqual(
      stored.map((r) => r.k),
      ['all-a', 'all-b', 'all-c', 'all-d'],
    );
  });

  it("runs the members' own statements when the combined one fails: only the failing one fails, nothing is written twice", async () => {
    const groups = new StatementGroups(db, 1, 32, combineProbes);
    const keys = ['mix-1', 'mix-2', 'mix-bad', 'mix-3'];
    const outcomes = await Promise.all(
      keys.map((k) => {
        const n = k === 'mix-bad' ? -1 : 1;
        return groups
          .on(k)
          .queryAs<{ k: string }>({ k, n }, insert, [k, n])
          .then(
            (rows) => rows.map((r) => r.k).join(','),
            (err: Error) => err.message,
          );
      }),
    );
    assert.deepEqual(outcomes.slice(0, 2), ['mix-1', 'mix-2'], 'each answered with its own row');
    assert.match(outcomes[2]!, /check constraint/);
    assert.equal(outcomes[3], 'mix-3');
    const stored = await db.query<{ k: string }>(`select k from group_probe where k like 'mix-%' order by k`);
    assert.deepEqual(
      stored.map((r) => r.k),
      ['mix-1', 'mix-2', 'mix-3'],
    );
  });
});
