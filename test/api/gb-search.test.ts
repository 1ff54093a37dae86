import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SearchResult } from '../../src/contract/index.ts';
import { GbRegister } from '../../src/registers/gb/index.ts';
import { emptySandbox } from '../support/empty-sandbox.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const KESTREL = '08123456';
const HERON = '08123457';
const OPERATIONS = '05617255';

/** What the bulk index answers (the first source of a GB name search; the live API comes after it). */
async function fromIndex(gb: GbRegister, query: string): Promise<SearchResult[]> {
  for await (const s of gb.search(query, { mode: 'onboarding', signal: AbortSignal.timeout(10_000) })) {
    assert.match(s.source, /bulk index/);
    return s.results;
  }
  throw new Error('no source answered');
}

describe('GB name search from the Basic Company Data index, kept fresh by the stream', () => {
  let svc: TestService;
  let gb: GbRegister;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 100_000 })).apiKey;
    gb = svc.registers.get('GB') as GbRegister;
  });
  after(() => svc.close());

  const put = (id: string, record: unknown) => svc.call('PUT', `/admin/sandbox/GB/companies/${id}`, { admin: true, body: { record } });
  const products = async () => Number((await svc.db.query<{ n: string }>('select count(*)::text as n from gb_bulk_products'))[0]!.n);

  it('has no index before the product is ingested; the live API still answers', async () => {
    assert.deepEqual(await fromIndex(gb, 'Kestrel Ventures'), []);
    const res = await svc.call('GET', `/v2/search?country=GB&query=${encodeURIComponent('Kestrel Ventures')}`, { key });
    assert.equal(res.body[0].id, KESTREL);
  });

  it('ingests the product (live companies, previous names) and finds by name, previous name and with typos', async () => {
    const counts = await gb.ingestBulk();
    // 14 seeded companies, one dissolved (not in the product); two previous names.
    assert.deepEqual(counts, { companies: 13, names: 15, invalidRows: 0 });
    const previous = await fromIndex(gb, 'Albion Systems');
    assert.equal(previous[0]!.id, OPERATIONS);
    assert.equal(previous[0]!.legalName, 'ALBION OPERATIONS LIMITED');
    assert.deepEqual(previous[0]!.matchReason, { matchType: 'previousName', matchedName: 'ALBION SYSTEMS LIMITED' });
    const typo = await fromIndex(gb, 'Kestral Ventures');
    assert.equal(typo[0]?.id, KESTREL);
    assert.equal(typo[0]?.address.city, 'London');
    assert.equal(typo[0]?.status?.active, true);
    const exact = await fromIndex(gb, 'kestrel ventures limited');
    assert.equal(exact[0]?.matchReason.matchType, 'exactLegalName');
    assert.deepEqual(await fromIndex(gb, 'Old Mill Trading'), [], 'dissolved companies are not in the product');
    assert.equal(await products(), 1);
  });

  it('a rename from the stream is found by the new name and by the previous one', { timeout: 30_000 }, async () => {
    const renamed = {
      profile: {
        company_name: 'KESTREL NORTHERN AVIATION LIMITED',
        company_status: 'active',
        type: 'ltd',
        registered_office_address: { address_line_1: '1 Wharf Road', locality: 'Leeds', postal_code: 'LS1 4AP', country: 'England' },
        previous_company_names: [{ name: 'KESTREL VENTURES LIMITED', effective_from: '2012-07-02', ceased_on: '2026-11-20' }],
      },
    };
    assert.equal((await put(KESTREL, renamed)).status, 200);
    const now = await eventually(async () => (await fromIndex(gb, 'kestrel northern aviation'))[0]?.id === KESTREL, 15_000, 100);
    assert.ok(now);
    const hit = (await fromIndex(gb, 'Kestrel Northern Aviation Limited'))[0]!;
    assert.equal(hit.matchReason.matchType, 'exactLegalName');
    assert.equal(hit.address.city, 'Leeds');
    const old = (await fromIndex(gb, 'Kestrel Ventures')).find((r) => r.id === KESTREL);
    assert.deepEqual(old?.matchReason, { matchType: 'previousName', matchedName: 'KESTREL VENTURES LIMITED' });
    assert.equal(old?.legalName, 'KESTREL NORTHERN AVIATION LIMITED');
  });

  it('a company dissolved on the stream keeps being found, with its status', { timeout: 30_000 }, async () => {
    const heron = (await fromIndex(gb, 'heron capital'))[0]!;
    assert.equal(heron.id, HERON);
    assert.equal((await put(HERON, { profile: { company_name: heron.legalName, company_status: 'dissolved', type: 'ltd' } })).status, 200);
    const found = await eventually(async () => {
      const r = (await fromIndex(gb, 'heron capital')).find((x) => x.id === HERON);
      return r?.status?.active === false && r;
    }, 15_000);
    assert.equal(found.status?.localName, 'Dissolved');
  });

  it('another process (or a restart) builds the index from the stored product and changes, without the download', async () => {
    const other = new GbRegister({ mode: 'sandbox', sandbox: emptySandbox, latency: 'none', now: () => new Date(), db: svc.db });
    try {
      assert.equal((await fromIndex(other, 'Albion Systems'))[0]?.id, OPERATIONS);
      assert.equal((await fromIndex(other, 'kestrel northern aviation'))[0]?.id, KESTREL, 'the stream rename too');
      assert.equal((await fromIndex(other, 'heron capital'))[0]?.status?.active, false);
      assert.equal(await products(), 1, 'no new product: nothing was downloaded');
    } finally {
      await other.close();
    }
  });

  it('a company number is searched exactly, not by name', async () => {
    const res = await svc.call('GET', '/v2/search?country=GB&query=5617255', { key });
    assert.deepEqual(
      res.body.map((r: SearchResult) => [r.id, r.matchReason.matchType]),
      [[OPERATIONS, 'id']],
    );
  });
});
