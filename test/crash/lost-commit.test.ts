import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../support/service.ts';
import { openPostgres } from '../../src/store/postgres.ts';
import type { Db } from '../../src/store/db.ts';
import { startLossyRelay } from '../support/lossy-relay.ts';
import { processClient, processStorage, startProcess, type ServiceProcess } from '../support/process.ts';

const KEY = 'rk_lost-commit-key-0123456789abcdef';
const ADMIN = 'lost-commit-admin';
const CREDITS = 100_000;

describe('a connection to PostgreSQL that breaks under a request’s statements', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  const storage = processStorage();
  const call = processClient(KEY, ADMIN);
  let service: ServiceProcess;
  let relay: Awaited<ReturnType<typeof startLossyRelay>>;
  let db: Db;
  const onboard = (id: string) =>
    call(service.url, 'POST', '/v2/company', { id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] }).catch((err) => {
      throw new Error(`${err}: ${service.output().slice(-3000)}`);
    });
  const balance = async () => (await call(service.url, 'GET', '/v2/billing/balance')).body.balanceInCreditCents as number;

  before(async () => {
    const direct = new URL(process.env.DATABASE_URL!);
    relay = await startLossyRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.host = `127.0.0.1:${relay.port}`;
    service = await startProcess({
      ...storage.env,
      DATABASE_URL: relayed.toString(),
      BOOTSTRAP_API_KEY: KEY,
      BOOTSTRAP_CREDITS: String(CREDITS),
      ADMIN_TOKEN: ADMIN,
      SANDBOX_LATENCY: 'none',
      // This process's sweep of its own stranded requests every second.
      LEASE_TTL: '3s',
      // Connections held a second are looked up on the server.
      DATABASE_CONNECTION_CHECK_AFTER: '1s',
    });
    db = await openPostgres(process.env.DATABASE_URL!, { max: 1, schema: storage.env.DATABASE_SCHEMA });
    for (const id of ['WARM-1', 'LOST-1', 'LOST-2', 'LOST-3', 'LOST-4', 'LOST-5', 'LOST-6', 'LOST-7']) {
      const put = await call(
        service.url,
        'PUT',
        `/admin/sandbox/TEST/companies/${id}`,
        { record: { company: { legalName: `${id} Ltd` } } },
        true,
      );
      assert.equal(put.status, 200);
    }
    // A first request, so that the key, the statements and the pool are warm: the next request's first message to the
    // store is its accept.
    const warm = await onboard('WARM-1');
    assert.equal(warm.status, 200, JSON.stringify(warm.body));
  });
  after(async () => {
    await db?.close();
    await service?.stop();
    await relay?.close();
    await storage.cleanup();
  });

  /** What the store holds of the company's requests, its charges and holds, and the answer's view of them. */
  async function assertSettledOnce(companyId: string, answered: { status: number; body: any }, before: number) {
    const written = await db.query<{ id: string; leaseOwner: string | null }>(
      `select id, lease_owner as "leaseOwner" from requests where company_id = $1`,
      [companyId],
    );
    assert.equal(written.length, 1, 'the request was written once');
    assert.equal(answered.status, 200, JSON.stringify(answered.body));
    assert.equal(answered.body.request.requestId, written[0]!.id, 'the answer is the request that was written');
    assert.equal(answered.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    const cost = answered.body.request.dataStatus.dataPoints.company.cost as number;
    assert.ok(cost > 0);
    assert.equal(written[0]!.leaseOwner, null, 'no process holds the settled request');
    const open = await db.query(
      "select unit_key from billing_reservations where request_id = $1 and state not in ('captured', 'released')",
      [written[0]!.id],
    );
    assert.deepEqual(open, [], 'no hold is left');
    const events = (await call(service.url, 'GET', '/v2/billing/events')).body.events as { companyId: string; status: string }[];
    assert.equal(events.filter((e) => e.companyId === companyId && e.status === 'charged').length, 1, 'charged once');
    assert.equal(await balance(), before - cost);
  }

  it('an accept’s: the request it wrote is the one answered, settled and charged once', { timeout: 60_000 }, async () => {
    const before = await balance();
    // The accept's parameters name the company (the first message that does): its answer is lost.
    const lost = relay.breakAt(['LOST-1']);
    const answered = await onboard('LOST-1');
    await lost;
    await assertSettledOnce('LOST-1', answered, before);
  });

  it('an accept that reached the store after the service heard its connection break: read back once committed', {
    timeout: 60_000,
  }, async () => {
    const before = await balance();
    // The service hears of the break at once; the accept (and its COMMIT) reach the server 300 ms later.
    const lost = relay.breakAt(['LOST-7'], { lateMs: 300 });
    const answered = await onboard('LOST-7');
    await lost;
    await assertSettledOnce('LOST-7', answered, before);
  });

  it('a settlement’s that committed: the item is answered as settled, charged once', { timeout: 60_000 }, async () => {
    const before = await balance();
    // The message that carries the settlement's statement (it names the billing event it writes) and its COMMIT.
    const lost = relay.breakAt(['LOST-2', 'bev_']);
    const answered = await onboard('LOST-2');
    await lost;
    await assertSettledOnce('LOST-2', answered, before);
  });

  it('a settlement that never reached the store: it is written again, charged once', { timeout: 60_000 }, async () => {
    const before = await balance();
    const lost = relay.breakAt(['LOST-3', 'bev_'], { delivered: false });
    const answered = await onboard('LOST-3');
    await lost;
    await assertSettledOnce('LOST-3', answered, before);
  });

  it('a settlement whose server went away without a word: the connection is closed, the item written again, charged once', {
    timeout: 60_000,
  }, async () => {
    const before = await balance();
    // The server's side of the connection ends before the settlement reaches it; the service's side stays open and
    // hears nothing, as when the server's host is gone. Without the look-up, the request waits minutes for TCP.
    const lost = relay.breakAt(['LOST-5', 'bev_'], { delivered: false, silent: true });
    const started = Date.now();
    const answered = await onboard('LOST-5');
    await lost;
    assert.ok(Date.now() - started < 10_000, `answered after ${Date.now() - started} ms`);
    await assertSettledOnce('LOST-5', answered, before);
    assert.match(service.output(), /connections to PostgreSQL whose backend the server no longer has were closed/);
  });

  for (const [companyId, silent] of [
    ['LOST-4', false],
    ['LOST-6', true],
  ] as const) {
    it(`a verification request whose job could not be sent${silent ? ' (the server gone without a word)' : ''}: answered in progress, its job sent by the sweep`, {
      timeout: 60_000,
    }, async () => {
      const before = await balance();
      // The job's insert (its data names the request; pg-boss's polls name the queue only), never delivered; silent:
      // the job engine's connection is left open and mute, and its own look-up closes it.
      const lost = relay.breakAt(['retrieval.task.TEST', '"requestId"'], { delivered: false, silent });
      const answered = await call(service.url, 'POST', '/v2/company', { id: companyId, countryCode: 'TEST', dataPoints: ['company'] });
      await lost;
      assert.equal(answered.status, 200, JSON.stringify(answered.body));
      assert.equal(answered.body.request.dataStatus.dataPoints.company.status, 'in_progress');
      const settled = await eventually(
        async () => {
          const r = await call(service.url, 'GET', `/v2/company/${answered.body.request.requestId}`);
          return r.body.request.dataStatus.dataPoints.company.status !== 'in_progress' && r;
        },
        30_000,
        250,
      );
      await assertSettledOnce(companyId, settled, before);
    });
  }
});
