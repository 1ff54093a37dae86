import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { processStorage, startProcess, type ServiceProcess } from '../support/process.ts';

const KEY = 'rk_concurrent-start-key-0123456789abcdef';
const ROUNDS = 4;

/**
 * Two processes started at the same moment on a fresh PostgreSQL schema (a deployment rolling out two replicas):
 * migrations, the bootstrap account, the URL-signing secret and the job engine's schema are all created by
 * whichever gets there first, and neither may crash on the other's rows.
 */
describe('two processes starting together on a fresh PostgreSQL schema', {
  skip: !process.env.DATABASE_URL && 'needs DATABASE_URL',
}, () => {
  it('both become ready and serve the same bootstrap key, round after round', { timeout: ROUNDS * 120_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const storage = processStorage();
      const env = { ...storage.env, BOOTSTRAP_API_KEY: KEY, BOOTSTRAP_CREDITS: '5000' };
      const started = await Promise.allSettled([startProcess(env), startProcess(env)]);
      const procs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      try {
        for (const s of started) if (s.status === 'rejected') assert.fail(`round ${round}: a process crashed at start: ${s.reason}`);
        const balances = await Promise.all(
          procs.map(async (p: ServiceProcess) => {
            const res = await fetch(`${p.url}/v2/billing/balance`, { headers: { 'x-api-key': KEY } });
            assert.equal(res.status, 200, `round ${round}: the bootstrap key works on ${p.url}`);
            return res.json();
          }),
        );
        // One account, granted its credits once: the same balance through either process.
        assert.deepEqual(balances[0], balances[1]);
        assert.equal((balances[0] as { balanceInCreditCents: number }).balanceInCreditCents, 5000);
      } finally {
        await Promise.all(procs.map((p) => p.stop()));
        await storage.cleanup();
      }
    }
  });

  it('without BOOTSTRAP_API_KEY, one of them creates the default account and prints its key', { timeout: 120_000 }, async () => {
    const storage = processStorage();
    const started = await Promise.allSettled([startProcess(storage.env), startProcess(storage.env)]);
    const procs = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      for (const s of started) if (s.status === 'rejected') assert.fail(`a process crashed at start: ${s.reason}`);
      const keys = procs.flatMap((p) => [...(/API key \(shown once\): (\S+)/g.exec(p.output()) ?? [])].slice(1));
      assert.equal(keys.length, 1, 'one first-start key, printed by one process');
      for (const p of procs) {
        const res = await fetch(`${p.url}/v2/billing/balance`, { headers: { 'x-api-key': keys[0]! } });
        assert.equal(res.status, 200);
      }
    } finally {
      await Promise.all(procs.map((p) => p.stop()));
      await storage.cleanup();
    }
  });
});
