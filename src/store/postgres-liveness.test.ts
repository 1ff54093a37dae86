import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startLossyRelay } from '../../test/support/lossy-relay.ts';
import type { Db } from './db.ts';
import { isStoreConnectionFailure } from './errors.ts';
import { openPostgres } from './postgres.ts';

describe('PostgreSQL connections whose server went away without a word', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  let relay: Awaited<ReturnType<typeof startLossyRelay>>;
  let db: Db;
  const vanished: number[] = [];
  const unchecked: Error[] = [];

  before(async () => {
    const direct = new URL(process.env.DATABASE_URL!);
    relay = await startLossyRelay({ host: direct.hostname, port: Number(direct.port || 5432) }, 50);
    const relayed = new URL(direct);
    relayed.host = `127.0.0.1:${relay.port}`;
    db = await openPostgres(relayed.toString(), {
      max: 2,
      connectionCheck: {
        after: 300,
        onVanished: (count) => vanished.push(count),
        onUnchecked: (err) => unchecked.push(err),
      },
    });
  });
  after(async () => {
    await db?.close();
    await relay?.close();
  });

  it('a statement whose backend is gone fails as a lost connection, within seconds', { timeout: 20_000 }, async () => {
    // The server's side ends before the statement reaches it; the client's stays open and hears nothing: without the
    // watch, the statement would wait for as long as TCP keeps the connection (minutes).
    const lost = relay.breakAt(['VANISHING-STATEMENT'], { delivered: false, silent: true });
    const started = Date.now();
    const failure = await db.query("select 'VANISHING-STATEMENT' as marker").then(
      () => undefined,
      (err: unknown) => err,
    );
    await lost;
    assert.ok(failure, 'the statement failed');
    assert.equal(isStoreConnectionFailure(failure), true, String(failure));
    assert.ok(Date.now() - started < 5_000, `failed after ${Date.now() - started} ms`);
    assert.deepEqual(vanished, [1]);
    assert.deepEqual(unchecked, []);
    // The pool goes on, on a new connection.
    assert.deepEqual(await db.query('select 1 as one'), [{ one: 1 }]);
  });

  it('a long statement on a live backend is looked up and left alone', { timeout: 20_000 }, async () => {
    const connectionsBefore = relay.accepted();
    const rows = await db.query<{ done: boolean }>('select true as done from pg_sleep(1.5)');
    assert.deepEqual(rows, [{ done: true }]);
    assert.ok(relay.accepted() > connectionsBefore, 'the watch looked the connection up (on a connection of its own)');
    assert.deepEqual(vanished, [1], 'nothing more was closed');
    assert.deepEqual(unchecked, []);
  });
});
