import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../test/support/db.ts';
import { SandboxRepository } from '../../sandbox/repository.ts';
import { sleep } from '../../shared/sleep.ts';
import type { Db } from '../../store/db.ts';
import { UsNyChangeFeed } from './change-feed.ts';

/** Every company the feed names from `cursor` on, `limit` to a page, and the cursor after the last page. */
async function readAll(feed: UsNyChangeFeed, cursor: string, limit: number): Promise<{ ids: string[]; cursor: string }> {
  const ids: string[] = [];
  for (;;) {
    const page = await feed.page(cursor, limit);
    ids.push(...page.companyIds);
    cursor = page.cursor;
    if (!page.more) return { ids, cursor };
  }
}

describe("US-NY change feed: the sandbox operator's writes", () => {
  let store: { db: Db; drop(): Promise<void> };
  let sandbox: SandboxRepository;
  let feed: UsNyChangeFeed;
  before(async () => {
    store = await openTestDb();
    sandbox = new SandboxRepository(store.db);
    feed = new UsNyChangeFeed(store.db, true, () => new Date());
  });
  after(() => store.drop());

  it('names every write once, in order, even writes of one millisecond split across pages', async () => {
    const { cursor } = await feed.page(undefined, 10);
    const at = new Date('2026-11-30T12:00:00.000Z');
    for (const id of ['7200001', '7200002', '7200003', '7200004', '7200005']) await sandbox.put('US-NY', id, null, {}, at);
    await sandbox.markRemoved('US-NY', '7200002', at);
    const read = await readAll(feed, cursor, 2);
    assert.deepEqual(read.ids, ['7200001', '7200003', '7200004', '7200005', '7200002']);
    assert.deepEqual((await readAll(feed, read.cursor, 2)).ids, [], 'nothing twice');
  });

  it('a reader does not pass a write under way that took its time before a committed one', {
    skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (the embedded store runs one transaction at a time)',
  }, async () => {
    const { cursor } = await feed.page(undefined, 10);
    const early = new Date('2026-11-30T13:00:00.000Z');
    // A write whose time was taken first, still under way when a later one commits and a reader reads.
    let committed = false;
    const underWay = store.db.transaction(async (tx) => {
      await tx.query(
        `insert into sandbox_companies (country_code, company_id, record, behaviour, updated_at) values ('US-NY', '7300001', 'null', '{}', $1)`,
        [early],
      );
      await sleep(300);
      committed = true;
    });
    await sleep(50);
    await sandbox.put('US-NY', '7300002', null, {}, new Date(early.getTime() + 1000));
    const first = await readAll(feed, cursor, 10);
    assert.ok(committed, 'the reader waited for the write under way');
    await underWay;
    const later = await readAll(feed, first.cursor, 10);
    assert.deepEqual([...first.ids, ...later.ids].sort(), ['7300001', '7300002']);
  });

  it('a cursor written before the order was kept (by time) reads on from that time', async () => {
    const at = new Date('2026-11-30T14:00:00.000Z');
    await sandbox.put('US-NY', '7400001', null, {}, at);
    await sandbox.put('US-NY', '7400002', null, {}, new Date(at.getTime() + 1000));
    const byTime = JSON.stringify({ seq: 1, dosId: '', sandboxAt: at.toISOString() });
    assert.deepEqual((await readAll(feed, byTime, 10)).ids, ['7400002']);
  });
});
