import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Queryable } from '../../src/store/db.ts';
import { openPostgres } from '../../src/store/postgres.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { processClient, processStorage, startProcess, type ServiceProcess } from '../support/process.ts';

// An account runs at most 4 verification jobs of one register at once (ACCOUNT_SLOTS), however many processes share
// the work: the share is counted in the store. Before, each process counted its own, and two processes let one
// account run 8 of a register's minute-long calls.

const SHARE = 4;
const DATA_POINTS = ['company', 'legalRepresentatives', 'shareholders', 'ultimateBeneficialOwners'];
const SLOW = { latencyMs: 60_000 };

/** Tasks of these requests that have started a register call (their attempt counted when their job took a slot). */
async function started(db: Queryable, requestIds: string[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from request_items where request_id = any($1::text[]) and attempts > 0',
    [requestIds],
  );
  return row?.n ?? 0;
}

/** Waits until the account's share is taken, then watches a few seconds that no job beyond it starts. */
async function assertShareHolds(db: Queryable, requestIds: string[]): Promise<void> {
  await eventually(async () => (await started(db, requestIds)) >= SHARE, 30_000, 100);
  for (let i = 0; i < 20; i++) {
    assert.equal(await started(db, requestIds), SHARE, 'no more than the account’s share runs at once');
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('an account’s share of a register’s workers: one process (either store)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('twelve slow jobs of one account: four run, the rest wait', { timeout: 60_000 }, async () => {
    const { apiKey: key } = await svc.newAccount();
    const requestIds: string[] = [];
    for (const id of ['SHARE-A', 'SHARE-B', 'SHARE-C']) {
      const put = await svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, {
        admin: true,
        body: { record: { company: { legalName: `${id} Ltd` } }, behaviour: SLOW },
      });
      assert.equal(put.status, 200);
      const res = await svc.call('POST', '/v2/company', { key, body: { id, countryCode: 'TEST', dataPoints: DATA_POINTS } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      requestIds.push(res.body.request.requestId);
    }
    await assertShareHolds(svc.db, requestIds);
  });
});

describe('an account’s share of a register’s workers: two processes on PostgreSQL', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  const KEY = 'rk_account-share-key-0123456789abcdef';
  const ADMIN = 'account-share-admin';
  const storage = processStorage();
  const procs: ServiceProcess[] = [];
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await storage.cleanup();
  });

  it('the share holds across processes: four of the account’s jobs run, not four per process', { timeout: 120_000 }, async () => {
    const env = { ...storage.env, BOOTSTRAP_API_KEY: KEY, ADMIN_TOKEN: ADMIN, SANDBOX_LATENCY: 'fast' };
    procs.push(await startProcess(env));
    procs.push(await startProcess(env));
    const call = processClient(KEY, ADMIN);
    const requestIds: string[] = [];
    for (const [i, id] of ['SHARE-P1', 'SHARE-P2', 'SHARE-P3', 'SHARE-P4'].entries()) {
      // Stored through both processes: a process sees another's sandbox writes only within a second (its snapshot),
      // and one that had not yet seen the slow behaviour answered at once, freeing its slot for a fifth job.
      for (const proc of procs) {
        const put = await call(
          proc.url,
          'PUT',
          `/admin/sandbox/TEST/companies/${id}`,
          { record: { company: { legalName: `${id} Ltd` } }, behaviour: SLOW },
          true,
        );
        assert.equal(put.status, 200, JSON.stringify(put.body));
      }
      const base = procs[i % 2]!.url;
      const res = await call(base, 'POST', '/v2/company', { id, countryCode: 'TEST', dataPoints: DATA_POINTS });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      requestIds.push(res.body.request.requestId);
    }
    const db = await openPostgres(process.env.DATABASE_URL!, { max: 1, schema: storage.env.DATABASE_SCHEMA });
    try {
      await assertShareHolds(db, requestIds);
    } finally {
      await db.close();
    }
  });
});
