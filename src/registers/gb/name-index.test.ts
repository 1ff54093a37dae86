import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../test/support/db.ts';
import type { SandboxStore } from '../../sandbox/store.ts';
import type { Db } from '../../store/db.ts';
import { GbRegister } from './index.ts';
import { searchNameIndex } from './name-index.ts';

const emptySandbox = {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => false,
  consumeFailure: async () => false,
} as unknown as SandboxStore;

describe('GB name index from the Basic Company Data product', () => {
  let store: { db: Db; drop(): Promise<void> };
  let gb: GbRegister;
  before(async () => {
    store = await openTestDb();
    gb = new GbRegister({ mode: 'sandbox', sandbox: emptySandbox, latency: 'none', now: () => new Date(), db: store.db });
  });
  after(async () => {
    await gb.close();
    await store.drop();
  });

  it('ingests the emulator’s CSV (live companies, previous names) and searches it fuzzily', async () => {
    const counts = await gb.ingestBulk();
    // 14 seeded companies, one dissolved (not in the product); two previous names.
    assert.deepEqual(counts, { companies: 13, names: 15 });
    const previous = await searchNameIndex(store.db, 'Albion Systems');
    assert.deepEqual(previous[0]!.matchReason, { matchType: 'previousName', matchedName: 'ALBION SYSTEMS LIMITED' });
    assert.equal(previous[0]!.legalName, 'ALBION OPERATIONS LIMITED');
    assert.equal(previous[0]!.id, '05617255');
    const typo = await searchNameIndex(store.db, 'Kestral Ventures');
    assert.equal(typo[0]?.id, '08123456');
    assert.equal(typo[0]?.address.city, 'London');
    assert.deepEqual(await searchNameIndex(store.db, 'Old Mill Trading'), [], 'dissolved companies are not in the product');
    // A second ingestion replaces the index instead of adding to it.
    assert.deepEqual(await gb.ingestBulk(), counts);
  });

  it('name search yields the index first, then the live API', async () => {
    const sources: string[] = [];
    for await (const s of gb.search('heron capital', { mode: 'onboarding', signal: AbortSignal.timeout(10_000) }))
      sources.push(`${s.source}: ${s.results.map((r) => r.id).join(',')}`);
    assert.deepEqual(sources, ['Companies House bulk index: 08123457', 'Companies House: 08123457']);
  });
});
