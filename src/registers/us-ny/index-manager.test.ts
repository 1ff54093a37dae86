import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../test/support/db.ts';
import { sleep } from '../../shared/sleep.ts';
import type { Db } from '../../store/db.ts';
import { IndexManager } from './index-manager.ts';
import { UsNyEntityRepository } from './repositories/entities.ts';
import { UsNySnapshotRepository } from './repositories/snapshots.ts';

describe('US-NY index manager', () => {
  let store: { db: Db; drop(): Promise<void> };
  before(async () => {
    store = await openTestDb();
  });
  after(() => store.drop());

  it('builds again on the next search after a build failed, instead of failing every search since', async () => {
    let failures = 1;
    const manager = new IndexManager({
      entities: new UsNyEntityRepository(store.db),
      snapshots: new UsNySnapshotRepository(store.db),
      prepare: async () => {
        if (failures-- > 0) throw new Error('the store was unreachable');
      },
    });
    await assert.rejects(manager.get(), /the store was unreachable/);
    const index = await manager.get();
    assert.deepEqual(index.search('anything', 5), []);
  });

  it('a search whose look for new snapshots fails answers from the index as it was, and the failure is logged once while it repeats', async () => {
    const errors: { fields: object; msg: string }[] = [];
    const manager = new IndexManager({
      entities: new UsNyEntityRepository(store.db),
      snapshots: new UsNySnapshotRepository(store.db),
      refreshEveryMs: 100,
    });
    manager.reportFailuresTo({ error: (fields, msg) => errors.push({ fields, msg }) });
    const index = await manager.get();
    await store.db.query('alter table us_ny_snapshots rename to us_ny_snapshots_away');
    try {
      for (let i = 0; i < 3; i++) {
        await sleep(150);
        assert.equal(await manager.get(), index);
      }
    } finally {
      await store.db.query('alter table us_ny_snapshots_away rename to us_ny_snapshots');
    }
    assert.equal(errors.length, 1, 'the same failure three times: reported once');
    assert.match(errors[0]!.msg, /the US-NY name index was not brought up to date; searches use it as it was/);
    assert.match(JSON.stringify(errors[0]!.fields), /us_ny_snapshots/);
    await sleep(150);
    assert.equal(await manager.get(), index);
    assert.equal(errors.length, 1);
  });
});
