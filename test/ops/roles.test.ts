import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { processClient, processStorage, startProcess, type ServiceProcess } from '../support/process.ts';
import { eventually } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const KEY = 'rk_roles-test-key-0123456789abcdef';
const ADMIN = 'roles-admin-token';
const DAY_MS = 86_400_000;

/** JSON log lines of a process's output (the first-start banner and anything else are not JSON). */
function logLines(p: ServiceProcess): Record<string, any>[] {
  return p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

/**
 * Scale-out (README "Topology"): two API processes (ROLE=api) and two workers (ROLE=worker) on one PostgreSQL.
 * Requests are spread over the API processes; their jobs, webhook deliveries and monitor checks run in the workers,
 * each exactly once.
 */
describe('process roles: two API processes and two workers on PostgreSQL', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  const storage = processStorage();
  let apis: ServiceProcess[] = [];
  let workers: ServiceProcess[] = [];
  let rx: WebhookReceiver;
  const call = processClient(KEY, ADMIN);
  before(async () => {
    rx = await WebhookReceiver.start();
    const env = {
      ...storage.env,
      BOOTSTRAP_API_KEY: KEY,
      ADMIN_TOKEN: ADMIN,
      SANDBOX_LATENCY: 'none',
      MONITOR_SWEEP_EVERY: '1s',
    };
    // The first creates the schemas; the others start together on them.
    const first = await startProcess({ ...env, ROLE: 'api' });
    const rest = await Promise.all([
      startProcess({ ...env, ROLE: 'api' }),
      startProcess({ ...env, ROLE: 'worker' }),
      startProcess({ ...env, ROLE: 'worker' }),
    ]);
    apis = [first, rest[0]!];
    workers = [rest[1]!, rest[2]!];
  });
  after(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.stop()));
    await rx.close();
    await storage.cleanup();
  });

  it('a worker serves only the operations endpoints; each process says its role', async () => {
    const w = workers[0]!;
    assert.equal((await fetch(`${w.url}/v2/billing/balance`, { headers: { 'x-api-key': KEY } })).status, 404);
    const ready = await fetch(`${w.url}/readyz`);
    assert.equal(ready.status, 200);
    assert.equal(((await ready.json()) as any).role, 'worker');
    assert.equal(((await (await fetch(`${apis[0]!.url}/readyz`)).json()) as any).role, 'api');
  });

  it('runs every request, job, delivery and monitor check exactly once, in the workers', { timeout: 240_000 }, async () => {
    const ep = await call(apis[0]!.url, 'POST', '/v2/webhook-endpoints', { url: `${rx.url}/roles` });
    assert.equal(ep.status, 201, JSON.stringify(ep.body));
    const ids = Array.from({ length: 8 }, (_, i) => `ROLES-${i}`);
    const requestIds: string[] = [];
    for (const [i, id] of ids.entries()) {
      const res = await call(apis[i % 2]!.url, 'POST', '/v2/company', { id, countryCode: 'TEST', dataPoints: ['company', 'shareholders'] });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      requestIds.push(res.body.request.requestId);
    }
    // Each request settles, read through the other API process than the one that took it.
    for (const [i, requestId] of requestIds.entries()) {
      await eventually(
        async () => {
          const res = await call(apis[(i + 1) % 2]!.url, 'GET', `/v2/company/${requestId}`);
          const items = Object.values(res.body.request.dataStatus.dataPoints) as { status: string }[];
          return items.every((x) => x.status === 'succeeded');
        },
        60_000,
        200,
      );
    }
    // Each request charged once per block.
    const events = (await call(apis[1]!.url, 'GET', '/v2/billing/events?first=100')).body.events as any[];
    for (const requestId of requestIds) {
      const mine = events.filter((e) => e.requestId === requestId);
      assert.deepEqual(mine.map((e) => `${e.sku}:${e.status}`).sort(), [...new Set(mine.map((e) => `${e.sku}:${e.status}`))].sort());
      assert.ok(mine.length >= 1);
    }
    // Each request's company.updated delivered, and no message twice.
    await eventually(async () => requestIds.every((r) => rx.at('/roles').some((d) => JSON.parse(d.body).request?.requestId === r)), 60_000);

    // Monitors: the day's check of each company is done once, by a worker's sweep.
    const monitorIds: string[] = [];
    for (const [i, id] of ['ROLES-MON-A', 'ROLES-MON-B', 'ROLES-MON-C'].entries()) {
      const res = await call(apis[i % 2]!.url, 'POST', '/v2/monitors', { companyId: id, countryCode: 'TEST' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      monitorIds.push(res.body.id);
    }
    // Creating a monitor reads the company once, in the request (its baseline): one log line each so far.
    const checksOf = (id: string) => call(apis[1]!.url, 'GET', `/v2/monitors/${id}/logs`).then((r) => r.body.logs as any[]);
    for (const id of monitorIds) assert.equal((await checksOf(id)).length, 1, `the baseline of ${id}`);
    assert.equal((await call(apis[0]!.url, 'POST', '/admin/clock', { advanceMs: DAY_MS + 60_000 }, true)).status, 200);
    await eventually(async () => (await Promise.all(monitorIds.map(checksOf))).every((l) => l.length >= 2), 60_000, 500);
    // Several sweeps more (each worker sweeps every second): still one day's check each.
    await new Promise((r) => setTimeout(r, 3000));
    for (const id of monitorIds) assert.equal((await checksOf(id)).length, 2, `one day's check of ${id}`);

    const api = apis.flatMap(logLines);
    const work = workers.flatMap(logLines);
    // Deliveries: every message received once (the receiver answers 200 at once, so no retry is due).
    const received = rx.at('/roles').map((d) => d.id);
    assert.equal(new Set(received).size, received.length, 'no webhook message delivered twice');
    assert.equal(work.filter((l) => l.msg === 'webhook delivered').length, received.length, 'each delivery logged once, by a worker');
    // Jobs and register calls: in the workers only, each (company, data point) fetched once.
    assert.deepEqual(
      api.filter((l) => l.msg === 'job done' || l.msg === 'webhook delivered'),
      [],
      'API processes run no jobs',
    );
    // The API processes' monitor checks are the baselines of the creating requests, one per monitor.
    assert.deepEqual(
      api
        .filter((l) => l.msg === 'monitor check')
        .map((l) => l.monitorId)
        .sort(),
      [...monitorIds].sort(),
    );
    const fetches = work.filter((l) => l.msg === 'register call' && l.operation === 'fetch' && ids.includes(l.companyId));
    assert.equal(fetches.length, ids.length * 2, 'company and shareholders of each, once');
    assert.equal(new Set(fetches.map((l) => `${l.companyId}:${l.dataPoint}`)).size, ids.length * 2);
    const checks = work.filter((l) => l.msg === 'monitor check');
    assert.deepEqual(checks.map((l) => l.monitorId).sort(), [...monitorIds].sort());
    // Both workers took part (the job engine spreads the work).
    for (const w of workers)
      assert.ok(
        logLines(w).some((l) => l.msg === 'job done'),
        'each worker ran jobs',
      );
  });
});
