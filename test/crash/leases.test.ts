import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openPostgres } from '../../src/store/postgres.ts';
import { eventually } from '../support/service.ts';
import { processClient, processStorage, startProcess, type ServiceProcess } from '../support/process.ts';

const KEY = 'rk_lease-takeover-key-0123456789abcdef';
const ADMIN = 'lease-admin';
const CREDITS = 100_000;
const IDEMPOTENCY_KEY = 'lease-retry-1';

type Entry = { status: string; cost: number; error?: { code: string } };
const entriesOf = (body: any): Entry[] => [
  ...Object.values(body.request.dataStatus.dataPoints as Record<string, Entry>),
  ...Object.values(body.request.dataStatus.documents as Record<string, Entry>),
];

describe('a process killed mid-flight, another alive on one PostgreSQL', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  const storage = processStorage();
  const procs: ServiceProcess[] = [];
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await storage.cleanup();
  });

  it("the survivor settles the dead process's work and frees its Idempotency-Key once its lease expires", {
    timeout: 180_000,
  }, async () => {
    // Leases of 2 s, so that the takeover is seen in seconds; the onboarding deadline is the default 10 s.
    const env = {
      ...storage.env,
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: String(CREDITS),
      ADMIN_TOKEN: ADMIN,
      SANDBOX_LATENCY: 'none',
      LEASE_TTL: '2s',
    };
    const call = processClient(KEY, ADMIN);
    const doomed = await startProcess(env);
    procs.push(await startProcess(env));
    const survivor = procs[0]!;
    const db = await openPostgres(process.env.DATABASE_URL!, { max: 1, schema: storage.env.DATABASE_SCHEMA });
    try {
      // Register answers slower than the process lives: the work is in flight at the kill.
      for (const [id, latencyMs] of [
        ['STALL-1', 120_000],
        ['STALL-2', 120_000],
        ['STALL-3', 120_000],
        ['SLOWV-1', 6_000],
      ] as const) {
        // Through both processes: either may run the verification job, and a process sees another's sandbox writes
        // only within a second (its snapshot of the register).
        for (const base of [doomed.url, survivor.url]) {
          const put = await call(
            base,
            'PUT',
            `/admin/sandbox/TEST/companies/${id}`,
            { record: { company: { legalName: `${id} Ltd` } }, behaviour: { latencyMs } },
            true,
          );
          assert.equal(put.status, 200);
        }
      }
      const onboardingBody = (id: string) => ({ id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] });
      // Never answered: the process dies under them.
      for (const id of ['STALL-1', 'STALL-2', 'STALL-3']) {
        void fetch(`${doomed.url}/v2/company`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': KEY,
            ...(id === 'STALL-1' ? { 'idempotency-key': IDEMPOTENCY_KEY } : {}),
          },
          body: JSON.stringify(onboardingBody(id)),
        }).catch(() => undefined);
      }
      const verification = await call(doomed.url, 'POST', '/v2/company', { id: 'SLOWV-1', countryCode: 'TEST', dataPoints: ['company'] });
      assert.equal(verification.status, 200);
      const onboardingIds = await eventually(async () => {
        const rows = await db.query<{ id: string }>("select id from requests where mode = 'onboarding' order by company_id");
        return rows.length === 3 && rows.map((r) => r.id);
      });
      // The verification job is running in the doomed process (its register call takes 6 s).
      await eventually(async () => {
        const rows = await db.query(
          `select id from ${storage.env.JOBS_SCHEMA}.job where name = 'retrieval.task.TEST' and state = 'active'`,
        );
        return rows.length === 1;
      });
      const held = await call(survivor.url, 'GET', '/v2/billing/balance');
      assert.ok(held.body.balanceInCreditCents < CREDITS, 'the requests in flight hold credits');
      await doomed.kill();

      // The repeat of the key whose first request died: a new attempt once the dead process's lease expired.
      await call(survivor.url, 'PUT', '/admin/sandbox/TEST/companies/STALL-1', { record: { company: { legalName: 'STALL-1 Ltd' } } }, true);
      const retry = await fetch(`${survivor.url}/v2/company`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY, 'idempotency-key': IDEMPOTENCY_KEY },
        body: JSON.stringify(onboardingBody('STALL-1')),
      });
      const retried = (await retry.json()) as any;
      assert.equal(retry.status, 200, JSON.stringify(retried));
      assert.equal(retry.headers.get('idempotent-replayed'), null, 'a new attempt, not a replay');
      assert.ok(!onboardingIds.includes(retried.request.requestId));
      assert.equal(retried.request.dataStatus.dataPoints.company.status, 'succeeded');

      // Every onboarding request of the dead process settles as timed out, not charged.
      for (const requestId of onboardingIds) {
        const settled = await eventually(
          async () => {
            const r = await call(survivor.url, 'GET', `/v2/company/${requestId}`);
            return entriesOf(r.body).every((e) => e.status !== 'in_progress') && r;
          },
          60_000,
          250,
        );
        assert.deepEqual(
          entriesOf(settled.body).map((e) => [e.status, e.error?.code, e.cost]),
          [['failed', 'onboarding_timeout', 0]],
        );
      }
      // Its verification job is retried by the survivor.
      const verified = await eventually(
        async () => {
          const r = await call(survivor.url, 'GET', `/v2/company/${verification.body.request.requestId}`);
          return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r;
        },
        60_000,
        250,
      );
      assert.ok(verified.body.request.dataStatus.dataPoints.company.cost > 0);

      const open = await db.query("select unit_key from billing_reservations where state not in ('captured', 'released')");
      assert.deepEqual(open, [], 'no hold is left');
      const events = (await call(survivor.url, 'GET', '/v2/billing/events')).body.events as any[];
      const charged = events.filter((e) => e.status === 'charged');
      assert.deepEqual(charged.map((e) => e.companyId).sort(), ['SLOWV-1', 'STALL-1'], 'the retry and the verification, each once');
      const balance = (await call(survivor.url, 'GET', '/v2/billing/balance')).body.balanceInCreditCents;
      assert.equal(balance, CREDITS - charged.reduce((sum, e) => sum + e.amount, 0));
    } finally {
      await db.close();
      if (doomed.child.exitCode === null) await doomed.kill();
    }
  });
});
