import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openTestDb } from '../../../../test/support/db.ts';
import { NameIndex } from '../../../shared/name-index/index.ts';
import type { Db } from '../../../store/db.ts';
import { BULK_HEADER } from '../emulator/bulk.ts';
import { indexedEntityOf } from './entity.ts';
import { GbIndexManager } from './index-manager.ts';
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
});
