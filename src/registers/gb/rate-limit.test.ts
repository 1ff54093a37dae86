import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptySandbox } from '../../../test/support/empty-sandbox.ts';
import { RegisterError } from '../errors.ts';
import { GbRegisterEmulator } from './emulator/server.ts';
import { GbRegister } from './index.ts';

describe('GB register rate limit', () => {
  it('answers 429 past the limit and the connector waits the window out within the deadline', { timeout: 30_000 }, async () => {
    const gb = new GbRegister({
      mode: 'sandbox',
      sandbox: emptySandbox,
      latency: 'none',
      now: () => new Date(),
      rateLimit: { limit: 3, windowMs: 1500 },
    });
    try {
      const ctx = { mode: 'onboarding' as const, signal: AbortSignal.timeout(20_000) };
      const started = Date.now();
      // Each profile is one call (no insolvency, not dissolved): the fourth falls past the limit.
      const names = [];
      for (const id of ['00445790', '03977902', '05617255', 'SC301245', '08123456'])
        names.push((await gb.fetch('company', id, ctx)).data.company.legalName);
      assert.equal(names.length, 5);
      assert.ok(Date.now() - started >= 1000, 'the fourth call waited for the next window');

      // A deadline shorter than the window: the 429 becomes an error, never a hang past the deadline.
      const short = { mode: 'onboarding' as const, signal: AbortSignal.timeout(300) };
      for (let i = 0; i < 3; i++) await gb.fetch('company', '00445790', { ...short, signal: AbortSignal.timeout(5000) });
      const at = Date.now();
      await assert.rejects(
        gb.fetch('company', '00445790', short),
        (err: unknown) => err instanceof RegisterError || (err as Error).name === 'TimeoutError',
      );
      assert.ok(Date.now() - at < 1000);
    } finally {
      await gb.close();
    }
  });

  it('the emulator takes the API key as HTTP Basic user name and refuses any other with 401', async () => {
    const emulator = new GbRegisterEmulator({ sandbox: emptySandbox, latency: 'none', apiKeys: ['k'] });
    const base = await emulator.start();
    try {
      const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:`).toString('base64')}` });
      assert.equal((await fetch(`${base}/company/00445790`)).status, 401);
      assert.equal((await fetch(`${base}/company/00445790`, { headers: basic('other') })).status, 401);
      const ok = await fetch(`${base}/company/00445790`, { headers: basic('k') });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('x-ratelimit-limit'), '600');
      assert.equal(((await ok.json()) as { company_name: string }).company_name, 'ALBION GROUP PLC');
    } finally {
      await emulator.stop();
    }
  });
});
