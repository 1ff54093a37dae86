import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, eventually, startTestService, type TestService } from '../../../test/support/service.ts';
import { WebhookReceiver } from '../../../test/support/webhook-receiver.ts';
import { createRegistrumClient, RegistrumError, verifyWebhook, type WebhookEvent } from '../src/index.ts';

/**
 * A proxy in front of the service that passes the first `failFirst` POSTs on to it, then answers them 503 with
 * Retry-After as if the answer had been lost on the way back (a load balancer timing out): the work was done.
 */
async function lossyProxy(target: string, failFirst: number): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  let failures = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${req.headers['idempotency-key'] ?? '-'}`);
      const upstream = httpRequest(new URL(req.url!, target), { method: req.method, headers: req.headers }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', () => {
          if (req.method === 'POST' && failures < failFirst) {
            failures++;
            res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' });
            res.end(JSON.stringify({ statusCode: 503, error: { code: 'service_unavailable', message: 'lost on the way back' } }));
            return;
          }
          res.writeHead(up.statusCode!, up.headers).end(Buffer.concat(body));
        });
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('@registrum/client against a running service', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let apiKey: string;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
    apiKey = (await svc.newAccount()).apiKey;
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  it('searches, starts a verification request and waits for it to settle, with progress', { timeout: 60_000 }, async () => {
    const registrum = createRegistrumClient({ baseUrl: svc.url, apiKey });
    const found = await registrum.search({ country: 'TEST', query: 'acme' });
    assert.ok(found.length > 0);
    const started = await registrum.company.create({ id: 'ACME-CLIENT', countryCode: 'TEST', dataPoints: ['company', 'shareholders'] });
    assert.equal(started.request.mode, 'verification');
    const progress: string[] = [];
    const done = await registrum.company.wait(started.request.requestId, {
      intervalMs: 100,
      onProgress: (a) => progress.push(a.request.dataStatus.dataPoints.company?.status ?? '?'),
    });
    assert.equal(done.request.dataStatus.dataPoints.company?.status, 'succeeded');
    assert.equal(done.company?.legalName !== undefined, true);
    assert.equal(progress.at(-1), 'succeeded');
  });

  it('sends an Idempotency-Key on creating POSTs and retries a lost answer once, without doing the work twice', {
    timeout: 60_000,
  }, async () => {
    const proxy = await lossyProxy(svc.url, 1);
    try {
      const registrum = createRegistrumClient({ baseUrl: proxy.url, apiKey, retry: { baseDelayMs: 10 } });
      const answer = await registrum.company.create({ id: 'ACME-RETRY', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] });
      const posts = proxy.seen.filter((s) => s.startsWith('POST /v2/company'));
      assert.equal(posts.length, 2, 'sent again after the 503');
      const keys = posts.map((p) => p.split(' ')[2]);
      assert.match(keys[0]!, /^[0-9a-f-]{36}$/);
      assert.equal(keys[0], keys[1], 'the same key both times');
      // The service did the work once: one request, one charge.
      const events = [];
      for await (const e of createRegistrumClient({ baseUrl: svc.url, apiKey }).billing.events({ requestId: answer.request.requestId }))
        events.push(e);
      assert.deepEqual(
        events.map((e) => e.status),
        ['charged'],
      );
      const all = [];
      for await (const e of createRegistrumClient({ baseUrl: svc.url, apiKey }).billing.events()) all.push(e);
      assert.equal(all.filter((e) => e.companyId === 'ACME-RETRY').length, 1);
    } finally {
      await proxy.close();
    }
  });

  it('does not retry a POST the service does not deduplicate after a 503 (it might have been done)', async () => {
    const proxy = await lossyProxy(svc.url, 1);
    try {
      const registrum = createRegistrumClient({ baseUrl: proxy.url, apiKey, retry: { baseDelayMs: 10 } });
      await assert.rejects(registrum.webhookEndpoints.create({ url: `${rx.url}/once` }), (e: RegistrumError) => e.status === 503);
      assert.equal(proxy.seen.filter((s) => s.startsWith('POST')).length, 1);
    } finally {
      await proxy.close();
    }
  });

  it('pages through lists with the cursor', async () => {
    const registrum = createRegistrumClient({ baseUrl: svc.url, apiKey });
    for (const id of ['PAGE-A', 'PAGE-B', 'PAGE-C']) await registrum.monitors.create({ companyId: id, countryCode: 'TEST' });
    const seen: string[] = [];
    for await (const m of registrum.monitors.list({ first: 1 })) seen.push(m.companyId);
    assert.deepEqual(seen.filter((id) => id.startsWith('PAGE-')).sort(), ['PAGE-A', 'PAGE-B', 'PAGE-C']);
  });

  it('verifies webhook deliveries into the typed event union, and refuses tampered ones', { timeout: 60_000 }, async () => {
    const registrum = createRegistrumClient({ baseUrl: svc.url, apiKey });
    const endpoint = await registrum.webhookEndpoints.create({ url: `${rx.url}/client-hook` });
    const started = await registrum.company.create({ id: 'ACME-HOOKED', countryCode: 'TEST', dataPoints: ['company'] });
    const delivery = await eventually(
      async () => rx.at('/client-hook').find((r) => JSON.parse(r.body).request?.requestId === started.request.requestId),
      20_000,
    );
    const event: WebhookEvent = verifyWebhook(delivery.body, delivery.headers as Record<string, string>, endpoint.secret);
    assert.equal(event.type, 'company.updated');
    if (event.type === 'company.updated') assert.equal(event.request.requestId, started.request.requestId);
    assert.throws(() =>
      verifyWebhook(delivery.body.replace('ACME-HOOKED', 'ACME-FORGED'), delivery.headers as Record<string, string>, endpoint.secret),
    );
  });

  it('throws RegistrumError with the code, status and x-request-id of an error answer', async () => {
    const wrong = createRegistrumClient({ baseUrl: svc.url, apiKey: 'rk_wrong' });
    await assert.rejects(wrong.billing.balance(), (e: RegistrumError) => {
      assert.ok(e instanceof RegistrumError);
      assert.equal(e.status, 401);
      assert.equal(e.code, 'unauthorized');
      assert.match(e.requestId ?? '', /^[0-9a-f-]{36}$/);
      return true;
    });
    const admin = createRegistrumClient({ baseUrl: svc.url, adminToken: ADMIN_TOKEN });
    const account = await admin.admin.createAccount({ name: 'from the client', credits: 500 });
    assert.match(account.apiKey, /^rk_/);
    assert.equal(account.balanceInCreditCents, 500);
  });
});
