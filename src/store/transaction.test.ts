import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from './db.ts';

// A transaction's BEGIN travels with its first statement (postgres-begin.ts, and the PGlite worker's queue): the first
// statement must still run inside the transaction, fail as it would alone, and leave the store usable after.
describe('transactions', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await openTestDb());
    await db.query('create table tx_probe (k text primary key, n int8 not null)');
  });
  after(() => drop());

  const xact = 'select pg_current_xact_id()::text as id, $1::int8 as n';

  it('runs the first statement inside the transaction, with and without parameters', async () => {
    const ids = await db.transaction(async (tx) => {
      const [first] = await tx.query<{ id: string }>(xact, [1]);
      const [second] = await tx.query<{ id: string }>(xact, [2]);
      return [first!.id, second!.id];
    });
    assert.equal(ids[0], ids[1], 'both statements are in one transaction');
    const bare = await db.transaction(async (tx) => {
      const [first] = await tx.query<{ id: string }>('select pg_current_xact_id()::text as id');
      const [second] = await tx.query<{ id: string }>(xact, [3]);
      return [first!.id, second!.id];
    });
    assert.equal(bare[0], bare[1], 'a first statement without parameters is in the transaction too');
    const [alone1] = await db.query<{ id: string }>(xact, [4]);
    const [alone2] = await db.query<{ id: string }>(xact, [5]);
    assert.notEqual(alone1!.id, alone2!.id, 'outside a transaction, each statement is its own');
  });

  it('undoes the first statement when a later one fails, and when the work throws', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['undone', 1]);
        await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['undone', 2]);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['thrown', 1]);
        throw new Error('changed its mind');
      }),
      /changed its mind/,
    );
    const rows = await db.query<{ k: string }>('select k from tx_probe where k = any($1)', [['undone', 'thrown']]);
    assert.deepEqual(rows, []);
  });

  it('answers a first statement that fails with its own error, then runs the next transaction', async () => {
    await assert.rejects(
      db.transaction((tx) => tx.query('insert into tx_probe (k, n) values ($1, $2)', ['bad', 'not a number'])),
      (err: { code?: string }) => err.code === '22P02',
    );
    await assert.rejects(
      db.transaction((tx) => tx.query('select * from no_such_table where k = $1', ['x'])),
      (err: { code?: string }) => err.code === '42P01',
    );
    const n = await db.transaction(async (tx) => {
      await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['kept', 7]);
      const [row] = await tx.query<{ n: number }>('select n from tx_probe where k = $1', ['kept']);
      return row!.n;
    });
    assert.equal(n, 7);
    const [row] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['kept']);
    assert.equal(row!.n, 7, 'committed');
  });

  it('commits a transaction that ran no statement, and returns what its work returned', async () => {
    assert.equal(await db.transaction(async () => 'nothing to do'), 'nothing to do');
    const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from tx_probe where k = $1', ['kept']);
    assert.equal(row!.n, 1);
  });

  it('runs concurrent transactions each with its own first statement', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction(async (tx) => {
          const [row] = await tx.query<{ k: string }>('insert into tx_probe (k, n) values ($1, $2) returning k', [`c${i}`, i]);
          return row!.k;
        }),
      ),
    );
    assert.deepEqual(
      results,
      Array.from({ length: 20 }, (_, i) => `c${i}`),
    );
  });

  it('commits with the last statement (commitWith): its writes are kept, and no statement can follow it', async () => {
    const xactIds = await db.transaction(async (tx) => {
      assert.ok(tx.commitWith, `${db.backend} offers commitWith`);
      const [first] = await tx.query<{ id: string }>(xact, [1]);
      await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['last-1', 1]);
      const [last] = await tx.commitWith<{ id: string }>(
        'insert into tx_probe (k, n) values ($1, $2) returning pg_current_xact_id()::text as id',
        ['last-2', 2],
      );
      await assert.rejects(tx.query(xact, [3]), /has committed/);
      return [first!.id, last!.id];
    });
    assert.equal(xactIds[0], xactIds[1], 'the committing statement ran in the transaction');
    const rows = await db.query<{ k: string }>('select k from tx_probe where k like $1 order by k', ['last-%']);
    assert.deepEqual(
      rows.map((r) => r.k),
      ['last-1', 'last-2'],
    );
    // The first statement may also be the last: BEGIN, the statement and COMMIT in one message.
    await db.transaction((tx) => tx.commitWith!('insert into tx_probe (k, n) values ($1, $2)', ['only', 3]));
    const [only] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['only']);
    assert.equal(only!.n, 3);
  });

  it('commits nothing when the last statement fails', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into tx_probe (k, n) values ($1, $2)', ['failed-last', 1]);
        await tx.commitWith!('insert into tx_probe (k, n) values ($1, $2)', ['failed-last', 2]);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    const rows = await db.query('select k from tx_probe where k = $1', ['failed-last']);
    assert.deepEqual(rows, []);
    assert.equal(await db.transaction(async (tx) => (await tx.commitWith!<{ n: number }>('select $1::int8 as n', [9]))[0]!.n), 9);
  });

  it("runs a statement sent withNext on its own before the next one, in order, with its failure the next one's", async () => {
    await db.query('insert into tx_probe (k, n) values ($1, $2)', ['ahead', 1]);
    // Another transaction holds the row and changes it; the lock ahead waits for its commit, and the statement after it
    // reads what that commit wrote (one statement taking both the lock and the read would read what was before).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const holding = new Promise<void>((r) => (locked = r));
    const other = db.transaction(async (tx) => {
      await tx.query('update tx_probe set n = 2 where k = $1', ['ahead']);
      locked();
      await held;
    });
    await holding;
    setTimeout(release, 100);
    const seen = await db.transaction(async (tx) => {
      assert.ok(tx.withNext, `${db.backend} offers withNext`);
      tx.withNext('select k from tx_probe where k = $1 for update', ['ahead']);
      const [row] = await tx.query<{ n: number }>('select n from tx_probe where k = $1', ['ahead']);
      return row!.n;
    });
    await other;
    assert.equal(seen, 2, 'the read after the lock sees the commit the lock waited for');

    // By name on a connection that parsed it, with rows of its own that are not the next statement's, and in order.
    for (let i = 0; i < 5; i++) {
      const rows = await db.transaction(async (tx) => {
        tx.withNext!('update tx_probe set n = n * 10 where k = $1 returning n', ['ahead']);
        tx.withNext!('update tx_probe set n = n + 1 where k = $1', ['ahead']);
        return tx.query<{ n: number; k: string }>('select k, n from tx_probe where k = $1', ['ahead']);
      });
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.k, 'ahead');
    }
    const [after5] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['ahead']);
    assert.equal(after5!.n, 211_111, 'each time: times 10, then plus 1');

    // Its failure fails the next statement with its own error, and undoes the transaction.
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('update tx_probe set n = 0 where k = $1', ['ahead']);
        tx.withNext!('insert into tx_probe (k, n) values ($1, $2)', ['ahead', 3]);
        await tx.query('update tx_probe set n = -1 where k = $1', ['ahead']);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    const [undone] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['ahead']);
    assert.equal(undone!.n, 211_111, 'nothing of the failed transaction is kept');

    // One this connection has parsed, then one new to it (which runs alone the first time): both, in their order.
    await db.transaction(async (tx) => {
      tx.withNext!('update tx_probe set n = n * 10 where k = $1 returning n', ['ahead']);
      tx.withNext!('update tx_probe set n = n + 2 where k = $1 and n > 0', ['ahead']);
      await tx.query('select k from tx_probe where k = $1', ['ahead']);
    });
    const [mixed] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['ahead']);
    assert.equal(mixed!.n, 2_111_112);

    // With no statement after it, it runs before the commit; and the first statement of a transaction may be one.
    await db.transaction(async (tx) => {
      tx.withNext!('update tx_probe set n = $2 where k = $1', ['ahead', 5]);
    });
    await db.transaction(async (tx) => {
      tx.withNext!('update tx_probe set n = n + $2 where k = $1', ['ahead', 1]);
      await tx.commitWith!('update tx_probe set n = n * $2 where k = $1', ['ahead', 7]);
    });
    const [last] = await db.query<{ n: number }>('select n from tx_probe where k = $1', ['ahead']);
    assert.equal(last!.n, 42);
  });

  it('reads the rows of statements sent queryWithNext, in order, with one failure stopping all that travel together', async () => {
    const add = 'insert into tx_probe (k, n) values ($1, $2) returning k, n';
    for (let i = 0; i < 3; i++) {
      // Several writes sent together and committed by the last (the second and third times by name on PostgreSQL).
      const rows = await db.transaction(async (tx) => {
        assert.ok(tx.queryWithNext, `${db.backend} offers queryWithNext`);
        const first = tx.queryWithNext<{ k: string; n: number }>(add, [`with-next-a${i}`, 1]);
        const second = tx.queryWithNext<{ k: string; n: number }>('update tx_probe set n = n + 1 where k = $1 returning n', [
          `with-next-a${i}`,
        ]);
        const last = await tx.commitWith!<{ n: number }>('select n from tx_probe where k = $1', [`with-next-a${i}`]);
        return [await first, await second, last];
      });
      assert.deepEqual(rows, [[{ k: `with-next-a${i}`, n: 1 }], [{ n: 2 }], [{ n: 2 }]], 'each its own rows; each sees the one before');
    }
    // With nothing after it, it runs before the commit, and still answers its rows.
    // (Returned in an object: the work's promise would wait for it, and it waits for the work to end.)
    const alone = await db.transaction(async (tx) => ({ rows: tx.queryWithNext!<{ k: string }>(add, ['with-next-alone', 1]) }));
    assert.deepEqual(await alone.rows, [{ k: 'with-next-alone', n: 1 }]);
    // A failure among them rejects it, the statement it went with, and whatever went with them; nothing is kept.
    // (Each read at once, as a caller reading several does with Promise.all: a rejection nobody has heard of yet is
    // reported as unhandled.)
    let first: Promise<unknown> | undefined;
    let failing: Promise<unknown> | undefined;
    await assert.rejects(
      db.transaction(async (tx) => {
        first = tx.queryWithNext!(add, ['with-next-b', 1]).catch((err: unknown) => err);
        failing = tx.queryWithNext!(add, ['with-next-a0', 1]).catch((err: unknown) => err);
        await tx.query(add, ['with-next-c', 1]);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    assert.equal(((await failing) as { code?: string }).code, '23505');
    // The first statement ran (on the embedded store it answered before the failure) or was stopped with the others;
    // either way nothing of the transaction is kept.
    const firstAnswer = await first;
    assert.ok(Array.isArray(firstAnswer) || (firstAnswer as { code?: string }).code === '23505', String(firstAnswer));
    assert.deepEqual(await db.query('select k from tx_probe where k in ($1, $2)', ['with-next-b', 'with-next-c']), []);
    // Work that fails before anything follows it: it never runs, and its reader hears the work's failure.
    let never: Promise<unknown> | undefined;
    await assert.rejects(
      db.transaction(async (tx) => {
        never = tx.queryWithNext!(add, ['with-next-never', 1]).catch((err: unknown) => err);
        throw new Error('changed its mind');
      }),
      /changed its mind/,
    );
    assert.match(String(await never), /changed its mind/);
    assert.deepEqual(await db.query('select k from tx_probe where k = $1', ['with-next-never']), []);
  });

  it('runs statements sent queryWithNext and the commitWith after them as one transaction, failing and keeping nothing together', async () => {
    // On the embedded store they travel as one message, run as one implicit transaction (store/pglite.ts).
    const write = 'insert into tx_probe (k, n) values ($1, $2) returning pg_current_xact_id()::text as id, k, n';
    for (let i = 0; i < 3; i++) {
      const [a, bare, b, last] = await db.transaction(async (tx) => {
        const a = tx.queryWithNext!<{ id: string; k: string; n: number }>(write, [`together-a${i}`, i]);
        // Without parameters: not a prepared statement on the embedded store, so those four run as a transaction there.
        const bare = i === 2 ? tx.queryWithNext!<{ id: string }>('select pg_current_xact_id()::text as id') : undefined;
        const b = tx.queryWithNext!<{ id: string; k: string; n: number }>(write, [`together-b${i}`, 10 + i]);
        const last = await tx.commitWith!<{ id: string; total: number }>(
          'select pg_current_xact_id()::text as id, sum(n)::int8 as total from tx_probe where k in ($1, $2)',
          [`together-a${i}`, `together-b${i}`],
        );
        return [await a, bare && (await bare), await b, last];
      });
      assert.deepEqual(
        [a![0]!.k, a![0]!.n, b![0]!.k, b![0]!.n, last![0]!.total],
        [`together-a${i}`, i, `together-b${i}`, 10 + i, 10 + 2 * i],
        'each statement its own rows, each seeing those before it',
      );
      const ids = new Set([a![0]!.id, b![0]!.id, last![0]!.id, ...(bare ? [bare[0]!.id] : [])]);
      assert.equal(ids.size, 1, `one transaction: ${[...ids].join(', ')}`);
    }
    // The second of three fails: every reader hears its error, and the first's write is undone with it.
    const heard: unknown[] = [];
    await assert.rejects(
      db.transaction(async (tx) => {
        const first = tx.queryWithNext!(write, ['together-undone', 1]).catch((err: unknown) => heard.push(err));
        const failing = tx.queryWithNext!(write, ['together-a0', 1]).catch((err: unknown) => heard.push(err));
        await tx.commitWith!(write, ['together-after', 1]);
        await Promise.all([first, failing]);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    assert.deepEqual(
      heard.map((e) => (e as { code?: string }).code),
      ['23505', '23505'],
    );
    // The store goes on, at once (on the embedded store, the session's plan mode is set again inside the next message).
    const again = await db.transaction(async (tx) => {
      const first = tx.queryWithNext!<{ k: string }>(write, ['together-again-1', 1]);
      const last = await tx.commitWith!<{ k: string }>(write, ['together-again-2', 2]);
      return [await first, last];
    });
    assert.deepEqual(
      again.map((rows) => rows[0]!.k),
      ['together-again-1', 'together-again-2'],
    );
    const kept = await db.query<{ k: string }>('select k from tx_probe where k like $1 order by k', ['together-%']);
    assert.deepEqual(
      kept.map((r) => r.k).filter((k) => !/^together-[ab]\d$/.test(k)),
      ['together-again-1', 'together-again-2'],
      'nothing of the failed transaction is kept',
    );
  });

  it('runs a statement sent afterCommit once the transaction has committed, in its round trip, with rows of its own', async () => {
    const read = 'select n from tx_probe where k = $1';
    for (let i = 1; i <= 5; i++) {
      const { rows, after } = await db.transaction(async (tx) => {
        assert.ok(tx.afterCommit, `${db.backend} offers afterCommit`);
        const after = tx.afterCommit<{ n: number }>(read, ['after']);
        await tx.query('insert into tx_probe (k, n) values ($1, 0) on conflict (k) do nothing', ['after']);
        const rows = await tx.commitWith!<{ k: string }>('update tx_probe set n = n + 1 where k = $1 returning k', ['after']);
        return { rows, after };
      });
      assert.deepEqual(rows, [{ k: 'after' }], 'the committing statement answers its own rows');
      assert.deepEqual(await after, [{ n: i }], 'the read sees what the commit wrote');
    }
    // Committed without commitWith: it runs after the COMMIT.
    const plain = await db.transaction(async (tx) => {
      const after = tx.afterCommit!<{ n: number }>(read, ['after']);
      await tx.query('update tx_probe set n = 100 where k = $1', ['after']);
      return { after };
    });
    assert.deepEqual(await plain.after, [{ n: 100 }]);
    // Rolled back: it answers undefined, whether the work threw or the committing statement failed.
    let thrown: Promise<unknown> | undefined;
    await assert.rejects(
      db.transaction(async (tx) => {
        thrown = tx.afterCommit!(read, ['after']);
        await tx.query('update tx_probe set n = 0 where k = $1', ['after']);
        throw new Error('changed its mind');
      }),
      /changed its mind/,
    );
    assert.equal(await thrown, undefined);
    let failedCommit: Promise<unknown> | undefined;
    await assert.rejects(
      db.transaction(async (tx) => {
        failedCommit = tx.afterCommit!(read, ['after']);
        await tx.query('update tx_probe set n = 0 where k = $1', ['after']);
        await tx.commitWith!('insert into tx_probe (k, n) values ($1, 1)', ['after']);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    assert.equal(await failedCommit, undefined);
    // Its own failure is its own: the commit stands, and the store goes on.
    let failing: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      failing = tx.afterCommit!('select n / (n - n) from tx_probe where k = $1', ['after']);
      await tx.commitWith!('update tx_probe set n = 7 where k = $1', ['after']);
    });
    await assert.rejects(failing!, (err: { code?: string }) => err.code === '22012');
    const [row] = await db.query<{ n: number }>(read, ['after']);
    assert.equal(row!.n, 7, 'committed');
  });
});
