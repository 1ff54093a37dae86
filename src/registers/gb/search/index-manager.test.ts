import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sleep } from '../../../shared/sleep.ts';
import { openTestDb } from '../../../../test/support/db.ts';
import { NameIndex } from '../../../shared/name-index/index.ts';
import type { Db } from '../../../store/db.ts';
import { BULK_HEADER } from '../emulator/bulk.ts';
import { indexedEntityOf, productLineOf } from './entity.ts';
import { GbIndexManager } from './index-manager.ts';
import { ProductStore } from './product-store.ts';
import { gbIndexRules } from './rules.ts';

const header = BULK_HEADER.map((h) => (h.includes(' ') ? `"${h}"` : h)).join(',');
const row = (cells: Record<number, string>) => Array.from({ length: BULK_HEADER.length }, (_, i) => cells[i] ?? '').join(',');

// A few hundred companies whose names share words, so that typos and prefixes have several candidates.
const WORDS = ['ALBION', 'KUMAR', 'BRIGHT', 'NORTHERN', 'SMITH', 'GOLDEN', 'WESTFIELD', 'ZALAR'];
const KINDS = ['SYSTEMS', 'CARE', 'CAFE', 'PROPERTIES', 'LOGISTICS', 'TRADING'];
const companies = WORDS.flatMap((w, i) =>
  KINDS.flatMap((k, j) =>
    [0, 1, 2, 3].map((n) => ({
      number: String(10_000_000 + i * 1000 + j * 10 + n),
      name: `${w} ${k} ${n % 2 ? 'LTD' : 'LIMITED'}`,
      postTown: n % 2 ? 'LEEDS' : 'LONDON',
      postcode: 'EC1A 1BB',
      status: 'active',
      previousNames: n === 3 ? [`${KINDS[(j + 1) % KINDS.length]} ${w} HOLDINGS LIMITED`] : [],
    })),
  ),
);
const csvOf = (rows: typeof companies) =>
  [
    header,
    ...rows.map((c) => row({ 0: c.name, 1: c.number, 4: c.postTown, 6: c.postcode, 8: 'Active', 15: c.previousNames[0] ?? '' })),
  ].join('\r\n');
const QUERIES = ['albion systems', 'kumar ca', 'zalar', 'brigth logistics', 'northern propertes', 'golden', 'care smith holdings'];

describe('the GB index built in worker threads (ingestion and restart)', () => {
  let store: { db: Db; drop(): Promise<void> };
  let dir: string;
  before(async () => {
    store = await openTestDb();
    dir = mkdtempSync(join(tmpdir(), 'gb-index-'));
  });
  after(async () => {
    await store.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('answers every search as the index built in-process from the same companies, after ingestion and after a restart', async () => {
    const manager = new GbIndexManager({ db: store.db, now: () => new Date() });
    const counts = await manager.ingest([file('good.csv', csvOf(companies))], new Date());
    assert.deepEqual(counts, { companies: companies.length, names: companies.length + companies.length / 4, invalidRows: 0 });
    const inProcess = NameIndex.fromEntities(gbIndexRules(), companies.map(indexedEntityOf));
    const ingested = (await manager.get())!;
    const restarted = (await new GbIndexManager({ db: store.db, now: () => new Date() }).get())!;
    for (const q of QUERIES) {
      const expected = inProcess.search(q, 20);
      assert.ok(expected.length > 0, q);
      assert.deepEqual(ingested.search(q, 20), expected, q);
      assert.deepEqual(restarted.search(q, 20), expected, q);
    }
    assert.equal(ingested.byId('10004011')?.name, 'SMITH CARE LTD');
    assert.equal(restarted.size, companies.length);
  });

  it('a bad product is recorded as a failed ingestion, and the previous index keeps serving', async () => {
    const manager = new GbIndexManager({ db: store.db, now: () => new Date() });
    const before = (await manager.get())!.search('albion systems', 20);
    const bad = file('bad.csv', csvOf(companies.slice(0, 10)).replace('CompanyNumber', 'CompanyNo'));
    await assert.rejects(manager.ingest([bad], new Date()), /no CompanyNumber column/);
    const runs = await store.db.query<{ status: string; error: string | null }>('select status, error from gb_bulk_products order by id');
    assert.deepEqual(
      runs.map((r) => [r.status, r.error]),
      [
        ['done', null],
        ['failed', 'the Basic Company Data file has no CompanyNumber column'],
      ],
    );
    assert.deepEqual((await manager.get())!.search('albion systems', 20), before);
    assert.equal((await new GbIndexManager({ db: store.db, now: () => new Date() }).get())!.size, companies.length);
  });

  it('a search in steady use does not wait for a store held up, and one whose look at the store fails answers from the index as it was, logged', async () => {
    const errors: { fields: object; msg: string }[] = [];
    const manager = new GbIndexManager({ db: store.db, now: () => new Date(), refreshEveryMs: 1000 });
    manager.reportFailuresTo({ error: (fields, msg) => errors.push({ fields, msg }) });
    assert.equal((await manager.get())!.byId('10004011')?.name, 'SMITH CARE LTD');
    const renamed = productLineOf({
      number: '10004011',
      name: 'SMITH CARE RENAMED LTD',
      postTown: 'LEEDS',
      postcode: 'EC1A 1BB',
      status: 'active',
      previousNames: [],
    });

    // A look at the store past the period (the build's time counts from its start, however long it took), then a
    // search every half period: the steady use in which no search should wait.
    await sleep(1000);
    await manager.get();
    await sleep(550);
    await manager.get();
    await sleep(450);
    // Past the first look's period, with the store held for 600 ms: the search answers at once (the look that the
    // search before started has brought it up to date), and the next look waits behind it.
    const held = store.db.transaction(async (tx) => {
      await tx.query('lock table gb_index_changes');
      await sleep(600);
    });
    await sleep(50);
    const started = performance.now();
    await manager.get();
    const waitedMs = performance.now() - started;
    await held;
    assert.ok(waitedMs < 100, `the search waited ${Math.round(waitedMs)} ms for the store`);

    // The look fails (its table gone for a moment): the search answers from the index as it was, the failure is logged.
    await store.db.query('alter table gb_index_changes rename to gb_index_changes_away');
    try {
      await sleep(1000);
      assert.equal((await manager.get())!.byId('10004011')?.name, 'SMITH CARE LTD');
    } finally {
      await store.db.query('alter table gb_index_changes_away rename to gb_index_changes');
    }
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.msg, /the GB name index was not brought up to date; searches use it as it was/);
    assert.match(JSON.stringify(errors[0]!.fields), /gb_index_changes/);

    // The next look succeeds and brings the change.
    await new ProductStore(store.db).recordChange('10004011', renamed, new Date());
    await sleep(1000);
    assert.equal((await manager.get())!.byId('10004011')?.name, 'SMITH CARE RENAMED LTD');
    assert.equal(errors.length, 1);
  });

  it("another process's newer product is built behind the index in use, which answers meanwhile, and replaces it with the stream's changes applied", async () => {
    const manager = new GbIndexManager({ db: store.db, now: () => new Date(), refreshEveryMs: 100 });
    const before = (await manager.get())!;
    const newer = companies.map((c) => (c.number === '10000000' ? { ...c, name: 'ALBION SYSTEMS RENAMED LIMITED' } : c));
    await new GbIndexManager({ db: store.db, now: () => new Date() }).ingest([file('newer.csv', csvOf(newer))], new Date());
    const streamed = { number: '10004011', name: 'SMITH CARE STREAMED LTD', postTown: 'LEEDS', postcode: 'EC1A 1BB', status: 'active' };
    await new ProductStore(store.db).recordChange('10004011', productLineOf({ ...streamed, previousNames: [] }), new Date());
    await sleep(150);
    assert.equal(await manager.get(), before, 'the search past the period did not wait for the rebuild');
    let after = before;
    for (let i = 0; i < 100 && after === before; i++) {
      await sleep(50);
      after = (await manager.get())!;
    }
    assert.notEqual(after, before, 'the newer product was built');
    assert.equal(after.byId('10000000')?.name, 'ALBION SYSTEMS RENAMED LIMITED');
    assert.equal(after.byId('10004011')?.name, 'SMITH CARE STREAMED LTD', "the stream's change since the product, applied to it");
  });
});
