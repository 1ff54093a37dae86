import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../test/support/db.ts';
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
});
