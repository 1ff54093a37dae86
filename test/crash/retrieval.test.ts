import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { eventually } from '../support/service.ts';
import { processStorage, startProcess } from '../support/process.ts';

const KEY = 'rk_crash-test-key-0123456789abcdef';
const ADMIN = 'crash-admin';

describe('crash safety of verification requests', () => {
  const storage = processStorage();
  after(() => storage.cleanup());

  it('completes every request that was in flight when the process was killed', { timeout: 120_000 }, async () => {
    const env = { ...storage.env, BOOTSTRAP_API_KEY: KEY, ADMIN_TOKEN: ADMIN, SANDBOX_LATENCY: 'none' };
    const call = (base: string, method: string, path: string, body?: unknown, admin = false) =>
      fetch(base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${ADMIN}` } : { 'x-api-key': KEY }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const requestIds: string[] = [];

    const first = await startProcess(env);
    try {
      // A slow register answer keeps the work in flight when the process dies.
      const put = await call(
        first.url,
        'PUT',
        '/admin/sandbox/TEST/companies/SLOWPOKE-1',
        {
          record: { company: { legalName: 'Slowpoke Ltd' }, legalRepresentatives: [] },
          behaviour: { latencyMs: 6000 },
        },
        true,
      );
      assert.equal(put.status, 200);

      for (const id of ['SLOWPOKE-1', 'ACME-HOLDING', 'ZX81']) {
        const res = await call(first.url, 'POST', '/v2/company', {
          id,
          countryCode: 'TEST',
          dataPoints: ['company', 'legalRepresentatives'],
        });
        assert.equal(res.status, 200);
        requestIds.push(res.body.request.requestId);
      }
      // Long enough for a worker to pick the job up, far shorter than the register's answer.
      await new Promise((r) => setTimeout(r, 1500));
      const before = await call(first.url, 'GET', `/v2/company/${requestIds[0]}`);
      assert.equal(before.body.request.dataStatus.dataPoints.company.status, 'in_progress', 'still in flight at the kill');
    } finally {
      await first.kill();
    }

    const second = await startProcess(env);
    try {
      for (const requestId of requestIds) {
        const done = await eventually(
          async () => {
            const r = await call(second.url, 'GET', `/v2/company/${requestId}`);
            const entries = Object.values(r.body.request.dataStatus.dataPoints) as { status: string }[];
            return entries.every((e) => e.status === 'succeeded') && r;
          },
          60_000,
          250,
        );
        assert.ok(done.body.company.legalName);
      }
    } finally {
      await second.stop();
    }
  });
});
