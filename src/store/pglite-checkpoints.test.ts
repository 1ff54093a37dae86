import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sleep } from '../shared/sleep.ts';
import { openPglite, type PgliteDb } from './pglite.ts';

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * The embedded store checkpoints itself (pglite-checkpoints.ts): a lone PGlite backend has no checkpointer, so without
 * them its write-ahead log grows for as long as the process runs. Here a checkpoint is due after 1 MB of log.
 */
describe('embedded store: checkpoints bound the write-ahead log', () => {
  let dir: string;
  let db: PgliteDb;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'registrum-checkpoints-'));
    const mb = 1024 * 1024;
    db = await openPglite(dir, { checkpoints: { afterWalBytes: mb, inLullAfterWalBytes: mb, lullMs: 250, checkMs: 100 } });
    await db.query('create table filler (id int8 primary key, pad text not null)');
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const redo = async () => (await db.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()'))[0]!.lsn;
  const segments = () => readdirSync(join(dir, 'pg', 'pg_wal')).filter((f) => WAL_SEGMENT.test(f)).length;

  it('checkpoints once enough log is written, and keeps a few segments however much more is written', async () => {
    const first = await redo();
    let written = 0;
    const write = async (rows: number) => {
      await db.query(`insert into filler (id, pad) select $1::int8 + g, repeat('x', 900) from generate_series(1, $2::int8) g`, [
        written,
        rows,
      ]);
      written += rows;
    };
    // About 2.5 MB of log.
    await write(2_000);
    const deadline = Date.now() + 10_000;
    while ((await redo()) === first && Date.now() < deadline) await sleep(50);
    assert.notEqual(await redo(), first, 'a checkpoint moved the redo point');

    // Over 150 MB of log (10 segments of 16 MB; 11 files stay without checkpoints), in steps the checkpoints keep up with.
    const lsn = async () => (await db.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))[0]!.lsn;
    const from = await lsn();
    for (let i = 0; i < 40; i++) {
      await write(4_000);
      await sleep(100);
    }
    const [log] = await db.query<{ bytes: number }>('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::int8 as bytes', [await lsn(), from]);
    assert.ok(log!.bytes > 150 * 1024 * 1024, `${log!.bytes} bytes of log written`);
    assert.ok(segments() <= 6, `${segments()} log segments on disk after ${log!.bytes} bytes of log`);
    const [row] = await db.query<{ n: number }>('select count(*)::int8 as n from filler');
    assert.equal(row!.n, written, 'every row written is there');
  });
});

describe('embedded store: a checkpoint comes early in a lull', () => {
  let db: PgliteDb;
  before(async () => {
    // Only a lull can bring a checkpoint here: the one due however busy the store is comes after 1 GB.
    db = await openPglite(undefined, {
      checkpoints: { afterWalBytes: 1024 * 1024 * 1024, inLullAfterWalBytes: 1024 * 1024, lullMs: 500, checkMs: 100 },
    });
    await db.query('create table filler (id int8 primary key, pad text not null)');
  });
  after(() => db.close());

  const redo = async () => (await db.query<{ lsn: string }>('select redo_lsn::text as lsn from pg_control_checkpoint()'))[0]!.lsn;

  it('waits while statements come back to back, and checkpoints once they pause', async () => {
    const first = await redo();
    // About 2.5 MB of log.
    await db.query(`insert into filler (id, pad) select g, repeat('x', 900) from generate_series(1, 2000) g`);
    const started = performance.now();
    while (performance.now() - started < 2_000) await db.query('select 1');
    assert.equal(await redo(), first, 'no checkpoint while the store was busy');
    await sleep(1_500);
    assert.notEqual(await redo(), first, 'a checkpoint in the lull');
  });
});
