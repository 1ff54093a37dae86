import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { SandboxStore } from '../../../sandbox/store.ts';
import { PortalEmulator } from '../emulator/server.ts';
import { PortalClient, solveChallenge } from './client.ts';

/** A sandbox with nothing stored and no outage, unless a test says otherwise. */
const sandbox = { outage: false } as { outage: boolean } & Record<string, unknown>;
Object.assign(sandbox, {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => sandbox.outage,
  consumeFailure: async () => false,
});

describe('CN portal protocol (client against the emulator)', () => {
  const emulator = new PortalEmulator({
    sandbox: sandbox as unknown as SandboxStore,
    latency: 'none',
    now: () => new Date('2026-02-01T00:00:00Z'),
  });
  let base: string;
  before(async () => {
    base = await emulator.start();
  });
  after(() => emulator.stop());
  const signal = () => AbortSignal.timeout(30_000);

  it('refuses a search without the token of the captcha step', async () => {
    const res = await fetch(`${base}/search?keyword=${encodeURIComponent('华夏')}`);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).code, 'TOKEN_INVALID');
    assert.equal(solveChallenge('37 + 5'), 42);
    const captcha = await (await fetch(`${base}/captcha`)).json();
    const wrong = await fetch(`${base}/token`, { method: 'POST', body: JSON.stringify({ captchaId: captcha.captchaId, answer: -1 }) });
    assert.equal(wrong.status, 403);
  });

  it('solves the captcha, searches, and renews its token when the portal drops it', async () => {
    const client = new PortalClient(async () => base);
    assert.equal((await client.search('91500103MA5U3B2X2K', signal()))[0]!.entName, '重庆环球数码科技有限公司');
    (emulator as unknown as { tokens: Map<string, number> }).tokens.clear();
    assert.ok((await client.search('华夏智联', signal())).length >= 2);
  });

  it('pages a search: the portal answers a page at a time, the client reads them all', async () => {
    const client = new PortalClient(async () => base);
    const pages = [];
    for await (const page of client.searchPages('有限公司', signal())) pages.push(page);
    assert.ok(pages.length >= 2, `${pages.length} page(s)`);
    assert.ok(pages.every((p) => p.length > 0 && p.length <= 10));
    const codes = pages.flat().map((h) => h.uniscId);
    assert.equal(new Set(codes).size, codes.length, 'no hit on two pages');
    assert.deepEqual(
      (await client.search('有限公司', signal())).map((h) => h.uniscId),
      codes,
    );
    // On the wire: `{total, page, pageSize, list}`, `total` counting every page's hits.
    const captcha = await (await fetch(`${base}/captcha`)).json();
    const { token } = await (
      await fetch(`${base}/token`, {
        method: 'POST',
        body: JSON.stringify({ captchaId: captcha.captchaId, answer: solveChallenge(captcha.challenge) }),
      })
    ).json();
    const second = await (
      await fetch(`${base}/search?keyword=${encodeURIComponent('有限公司')}&page=2&pageSize=10`, { headers: { 'x-portal-token': token } })
    ).json();
    assert.equal(second.total, codes.length);
    assert.equal(second.page, 2);
    assert.equal(second.pageSize, 10);
    assert.deepEqual(
      second.list.map((h: { uniscId: string }) => h.uniscId),
      codes.slice(10, 20),
    );
  });

  it('requests a report, waits for it and downloads the PDF', async () => {
    const pdf = await new PortalClient(async () => base).report('91500103MA5U3B2X2K', signal());
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString(), '%PDF-');
  });

  it('turns not found, outages and an unreachable portal into register errors', async () => {
    const client = new PortalClient(async () => base);
    await assert.rejects(client.report('91500103MA5U3B2Y0E', signal()), { code: 'resource_not_found' });
    sandbox.outage = true;
    await assert.rejects(client.search('华夏', signal()), { code: 'service_unavailable', retryable: true });
    sandbox.outage = false;
    await assert.rejects(new PortalClient(async () => 'http://127.0.0.1:9').search('华夏', signal()), { code: 'service_unavailable' });
  });
});
