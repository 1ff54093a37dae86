import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from './db.ts';
import { withGenericPlan } from './statement.ts';

// Statements with parameters run as named prepared statements on both stores (PGlite's worker prepares them itself):
// a statement run many times keeps answering with its own rows, and a failed run leaves the session usable.
describe('prepared statements', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await openTestDb());
    await db.query('create table prepared_probe (k text primary key, n int8 not null, at timestamptz, tags text[])');
  });
  after(() => drop());

  const insert = 'insert into prepared_probe (k, n, at, tags) values ($1, $2, $3, $4) returning k, n, at, tags';

  it('runs one statement many times, each with its own values and typed rows back', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (let i = 0; i < 20; i++) {
      const [row] = await db.query<{ k: string; n: number; at: Date; tags: string[] }>(insert, [`k${i}`, i * 10, at, [`t${i}`, 'x']]);
      assert.deepEqual(row, { k: `k${i}`, n: i * 10, at, tags: [`t${i}`, 'x'] });
    }
    const rows = await db.query<{ n: number }>('select n from prepared_probe where k = any($1) order by n', [['k3', 'k7']]);
    assert.deepEqual(rows, [{ n: 30 }, { n: 70 }]);
  });

  // Before the test that fills the session's prepared statements: a new text after it runs unnamed.
  it('writes plain objects to json and jsonb and reads json columns back as values, alone and in a transaction', async () => {
    await db.query('create table prepared_json (k text primary key, doc jsonb, raw json)');
    const doc = { name: 'Acme “Ltd”', n: 3, nested: { list: [1, 'two', null], flag: true }, at: new Date('2026-01-02T03:04:05.678Z') };
    const written = { ...doc, at: '2026-01-02T03:04:05.678Z' };
    const write = 'insert into prepared_json (k, doc, raw) values ($1, $2, $3) returning k, doc, raw';
    assert.deepEqual(await db.query(write, ['a', doc, doc]), [{ k: 'a', doc: written, raw: written }]);
    // A string is JSON text to these columns, as node-postgres and PGlite both take it.
    assert.deepEqual(await db.query(write, ['b', '"just text"', '[1,2]']), [{ k: 'b', doc: 'just text', raw: [1, 2] }]);
    assert.deepEqual(await db.query(write, ['c', null, 'null']), [{ k: 'c', doc: null, raw: null }]);
    const read = `select k, doc, raw, json_build_object('k', k, 'doc', doc) as pair, doc->>'name' as name
                    from prepared_json where k = any($1) order by k`;
    const inTransaction = await db.transaction((tx) => tx.query(read, [['a', 'c']]));
    assert.deepEqual(inTransaction, [
      { k: 'a', doc: written, raw: written, pair: { k: 'a', doc: written }, name: 'Acme “Ltd”' },
      { k: 'c', doc: null, raw: null, pair: { k: 'c', doc: null }, name: null },
    ]);
    assert.deepEqual(await db.query(read, [['a', 'c']]), inTransaction);
    // Two columns of one name: the row holds the last one's value, parsed only when it is JSON.
    const twice = 'select doc as v, doc->>$2 as v from prepared_json where k = $1';
    assert.deepEqual(await db.query(twice, ['a', 'name']), [{ v: 'Acme “Ltd”' }]);
    assert.deepEqual(await db.query('select raw->>$2 as v, raw as v from prepared_json where k = $1', ['b', 'x']), [{ v: [1, 2] }]);
  });

  it('runs more distinct texts than a session keeps prepared (1,000), each with its own answer', async () => {
    for (let n = 0; n < 1_050; n++) {
      const [row] = await db.query<{ v: number }>(`select $1::int8 + ${n} as v`, [1]);
      assert.equal(row!.v, n + 1);
    }
  });

  it('answers a failed run with its error and goes on: outside and inside a transaction', async () => {
    await assert.rejects(db.query(insert, ['k1', 1, null, null]), (err: { code?: string }) => err.code === '23505');
    await assert.rejects(db.query(insert, ['bad', 'not a number', null, null]), (err: { code?: string }) => err.code === '22P02');
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(insert, ['in-tx', 1, null, null]);
        await tx.query(insert, ['in-tx', 2, null, null]);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from prepared_probe where k = $1', ['in-tx']);
    assert.equal(row!.n, 0, 'the rolled-back insert is not there');
    const [again] = await db.query<{ k: string }>(insert, ['after', 5, null, null]);
    assert.equal(again!.k, 'after');
  });

  // PostgreSQL only: the embedded store chooses plans by timing them (plan-choice.ts) and ignores the mark.
  it('plans a marked statement generically on PostgreSQL and leaves every other statement to the server', async (t) => {
    if (db.backend !== 'postgres') return t.skip('the embedded store ignores the mark');
    const mode = 'select current_setting($1) as mode';
    const modeOf = async (q: Pick<Db, 'query'>, sql: string) => (await q.query<{ mode: string }>(sql, ['plan_cache_mode']))[0]!.mode;
    // More runs than the pool has connections, interleaved: each connection's setting follows the statement it runs.
    for (let i = 0; i < 30; i++) {
      const [marked, plain] = await Promise.all([modeOf(db, withGenericPlan(mode)), modeOf(db, mode)]);
      assert.equal(marked, 'force_generic_plan');
      assert.equal(plain, 'auto');
    }
    // A SET sent inside a transaction that rolls back is undone with it; the next statements still get their own mode.
    for (let i = 0; i < 12; i++) {
      await assert.rejects(
        db.transaction(async (tx) => {
          assert.equal(await modeOf(tx, mode), 'auto');
          assert.equal(await modeOf(tx, withGenericPlan(mode)), 'force_generic_plan');
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.equal(await modeOf(db, withGenericPlan(mode)), 'force_generic_plan');
      assert.equal(await modeOf(db, mode), 'auto');
    }
    // A marked statement that fails takes its SET with it.
    await assert.rejects(
      db.query(withGenericPlan('select $1::int8 as n'), ['not a number']),
      (err: { code?: string }) => err.code === '22P02',
    );
    assert.equal(await modeOf(db, withGenericPlan(mode)), 'force_generic_plan');
  });
});
