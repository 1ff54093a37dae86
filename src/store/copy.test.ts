import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../test/support/db.ts';
import type { Db } from './db.ts';

describe('bulk load with COPY (copyIn)', () => {
  let db: Db;
  let drop: () => Promise<void>;
  before(async () => {
    ({ db, drop } = await openTestDb());
    await db.query('create table copy_probe (k text primary key, v text)');
  });
  after(() => drop());

  it('stores every value as given: tabs, newlines, backslashes, unicode and null survive', async () => {
    const rows: [string, string | null][] = [
      ['plain', 'ACME HOLDINGS LLC'],
      ['tab', 'a\tb'],
      ['newline', 'line one\nline two\r\n'],
      ['backslash', 'C:\\path\\N and \\t literally'],
      ['separators', 'a\u001fb\u001ec'],
      ['unicode', '北京示例科技有限公司 – Ōsaka'],
      ['null', null],
      ['empty', ''],
    ];
    assert.ok(db.copyIn, `${db.backend} offers copyIn`);
    await db.transaction(async (tx) => tx.copyIn!('copy_probe', ['k', 'v'], rows));
    const back = await db.query<{ k: string; v: string | null }>('select k, v from copy_probe');
    assert.deepEqual(new Map(back.map((r) => [r.k, r.v])), new Map(rows));
  });

  it('loads more rows than one chunk, and a failed load leaves nothing behind', async () => {
    const many = Array.from({ length: 120_000 }, (_, i) => [`many-${i}`, String(i)] as const);
    await db.copyIn!('copy_probe', ['k', 'v'], many);
    const [count] = await db.query<{ n: number }>(`select count(*)::int8 as n from copy_probe where k like 'many-%'`);
    assert.equal(count!.n, 120_000);
    await assert.rejects(
      db.transaction(async (tx) =>
        tx.copyIn!(
          'copy_probe',
          ['k', 'v'],
          [
            ['fresh-1', 'x'],
            ['plain', 'duplicate key'],
          ],
        ),
      ),
    );
    assert.deepEqual(await db.query(`select k from copy_probe where k = 'fresh-1'`), []);
  });
});
