import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openPostgres } from '../../src/store/postgres.ts';
import { eventually } from '../support/service.ts';
import { processStorage, startProcess, type ServiceProcess } from '../support/process.ts';

const KEY = 'rk_multi-process-key-0123456789abcdef';

describe('several processes on one PostgreSQL', { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' }, () => {
  const storage = processStorage();
  const procs: ServiceProcess[] = [];
  after(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await storage.cleanup();
  });

  it('share the verification work and do each task once', { timeout: 120_000 }, async () => {
    const env = { ...storage.env, BOOTSTRAP_API_KEY: KEY, SANDBOX_LATENCY: 'fast' };
    procs.push(await startProcess(env));
    procs.push(await startProcess(env));
    const requestIds: string[] = [];
    for (let i = 0; i < 16; i++) {
      const target = procs[i % 2]!;
      const res = await fetch(`${target.url}/v2/company`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': KEY },
        body: JSON.stringify({ id: `MULTI${i}`, countryCode: 'TEST', dataPoints: ['company', 'shareholders'] }),
      });
      assert.equal(res.status, 200);
      requestIds.push(((await res.json()) as { request: { requestId: string } }).request.requestId);
    }
    for (const id of requestIds) {
      // Either process answers for any request: they share one store.
      await eventually(
        async () => {
          const res = await fetch(`${procs[1]!.url}/v2/company/${id}`, { headers: { 'x-api-key': KEY } });
          const body = (await res.json()) as { request: { dataStatus: { dataPoints: Record<string, { status: string }> } } };
          return Object.values(body.request.dataStatus.dataPoints).every((e) => e.status === 'succeeded');
        },
        60_000,
        200,
      );
    }
    const db = await openPostgres(process.env.DATABASE_URL!, { max: 1, schema: storage.env.DATABASE_SCHEMA });
    try {
      const rows = await db.query<{ attempts: number }>('select attempts from request_items where request_id = any($1::text[])', [
        requestIds,
      ]);
      assert.equal(rows.length, 32);
      assert.deepEqual([...new Set(rows.map((r) => r.attempts))], [1], 'every task ran exactly once');
    } finally {
      await db.close();
    }
  });
});
