import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eventually } from '../support/service.ts';
import { processClient, processStorage, startProcess } from '../support/process.ts';

const KEY = 'rk_graph-crash-key-0123456789abcdef';
const ADMIN = 'graph-crash-admin';
const CREDITS = 10_000;

describe('ownership graph across a crash', () => {
  const storage = processStorage();
  after(() => storage.cleanup());

  it('resumes the graph after a kill -9 and charges every company once', { timeout: 120_000 }, async () => {
    const env = { ...storage.env, BOOTSTRAP_API_KEY: KEY, BOOTSTRAP_CREDITS: String(CREDITS), ADMIN_TOKEN: ADMIN, SANDBOX_LATENCY: 'none' };
    const first = await startProcess(env);
    const call = processClient(KEY, ADMIN);
    const balance = async (base: string) => (await call(base, 'GET', '/v2/billing/balance')).body.balanceInCreditCents as number;
    const pricing = (await call(first.url, 'GET', '/v2/pricing?countryCode=TEST')).body;
    const price = pricing.blocks.find((b: any) => b.sku === 'TEST-OWNERSHIP').modes.verification as number;

    const owner = (id: string, pct: number) => ({ type: 'company', company: { id, countryCode: 'TEST' }, sharePercentage: pct });
    const person = (name: string, pct: number) => ({
      type: 'individual',
      entityId: name,
      individual: { name: { fullName: name } },
      sharePercentage: pct,
    });
    const store = (base: string, id: string, shareholders: unknown[], behaviour?: object) =>
      call(base, 'PUT', `/admin/sandbox/TEST/companies/${id}`, { record: { shareholders }, ...(behaviour ? { behaviour } : {}) }, true);
    await store(first.url, 'CRASH-ROOT', [owner('CRASH-MID', 60), person('Ann', 40)]);
    await store(first.url, 'CRASH-MID', [owner('CRASH-TOP', 70), person('Ben', 30)]);
    // The top company answers only after a minute: the process dies while the graph waits for it.
    await store(first.url, 'CRASH-TOP', [person('Cy', 100)], { latencyMs: 60_000 });

    const created = await call(first.url, 'POST', '/v2/company', { id: 'CRASH-ROOT', countryCode: 'TEST', dataPoints: ['graph'] });
    assert.equal(created.status, 200);
    const requestId = created.body.request.requestId as string;
    await eventually(async () => (await balance(first.url)) === CREDITS - 2 * price, 30_000, 100);
    await first.kill();

    const second = await startProcess(env);
    try {
      await store(second.url, 'CRASH-TOP', [person('Cy', 100)]);
      const done = await eventually(
        async () => {
          const r = await call(second.url, 'GET', `/v2/company/${requestId}`);
          return r.body.request.dataStatus.dataPoints.graph.status === 'succeeded' && r.body;
        },
        60_000,
        250,
      );
      assert.equal(done.graph.metadata.amountSpent, 3 * price);
      assert.equal(done.graph.metadata.stoppedReason, 'completed');
      assert.equal(done.request.dataStatus.dataPoints.graph.cost, 3 * price);
      const cy = done.graph.nodes.find((n: any) => n.nodeId === 'person:Cy');
      assert.equal(cy.totalOwnershipPercentage, 42);
      assert.equal(cy.flags.isUbo, true);
      const events = (await call(second.url, 'GET', `/v2/billing/events?requestId=${requestId}`)).body.events;
      assert.deepEqual(events.map((e: any) => [e.companyId, e.status, e.amount]).sort(), [
        ['CRASH-MID', 'charged', price],
        ['CRASH-ROOT', 'charged', price],
        ['CRASH-TOP', 'charged', price],
      ]);
      assert.equal(await balance(second.url), CREDITS - 3 * price, 'the companies paid for before the crash are not paid again');
    } finally {
      await second.stop();
    }
  });
});
