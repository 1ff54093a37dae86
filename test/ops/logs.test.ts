import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The service's log stream at info level, as the process prints it. */
describe('logs a person can follow', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  let raw = '';
  const lines = () =>
    raw
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, any>);
  const of = (requestId: string) => lines().filter((l) => l.requestId === requestId);

  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        raw += chunk.toString();
        done();
      },
    });
    svc = await startTestService({}, { logger: { level: 'info', stream } });
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount()).apiKey;
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/hook` } })).status, 201);
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  it('says at start that it read the reference lists and compiled the request path before its first request', () => {
    const warmed = lines().filter((l) => l.msg?.startsWith('warmed up'));
    assert.equal(warmed.length, 1, 'one warm-up line');
    assert.equal(warmed[0]!.level, 'info');
    assert.ok(Number.isInteger(warmed[0]!.ms) && warmed[0]!.ms >= 0, `its duration: ${warmed[0]!.ms}`);
  });

  it("answers one x-request-id on every response: the caller's when valid, else a new one", async () => {
    const echoed = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key, headers: { 'x-request-id': 'client-abc.123' } });
    assert.equal(echoed.status, 200);
    assert.equal(echoed.headers.get('x-request-id'), 'client-abc.123');
    const fresh = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key });
    assert.match(fresh.headers.get('x-request-id') ?? '', UUID);
    const tooLong = await svc.call('GET', '/healthz', { headers: { 'x-request-id': 'x'.repeat(200) } });
    assert.match(tooLong.headers.get('x-request-id') ?? '', UUID);
    const odd = await svc.call('GET', '/healthz', { headers: { 'x-request-id': 'a b"<c>' } });
    assert.match(odd.headers.get('x-request-id') ?? '', UUID);
    // Errors too: no key, unknown path, bad JSON.
    for (const res of [
      await svc.call('GET', '/v2/billing/balance'),
      await svc.call('GET', '/v2/nowhere', { key }),
      await svc.call('POST', '/v2/company', { key, body: '{not json' }),
    ]) {
      assert.ok(res.status >= 400 && res.status < 500, String(res.status));
      assert.match(res.headers.get('x-request-id') ?? '', UUID, `on a ${res.status}`);
    }
  });

  it('writes every line as JSON with an ISO timestamp and a named level', async () => {
    const all = lines();
    assert.ok(all.length > 5);
    for (const l of all) {
      assert.match(l.time, ISO);
      assert.ok(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].includes(l.level), l.level);
    }
  });

  it('names the request in the lines of the jobs, register calls and webhook deliveries it caused', { timeout: 60_000 }, async () => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'ACME-TRACED', countryCode: 'TEST', dataPoints: ['company', 'shareholders'] },
      headers: { 'x-request-id': 'trace-verification-1' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.headers.get('x-request-id'), 'trace-verification-1');
    const requestId = res.body.request.requestId;
    await eventually(async () => rx.at('/hook').some((r) => JSON.parse(r.body).request?.requestId === requestId), 20_000);
    const traced = await eventually(async () => {
      const l = of('trace-verification-1');
      // Each data point's register call is logged when its job ends, which may come after the webhook is delivered.
      const called = new Set(l.filter((x) => x.msg === 'register call').map((x) => x.dataPoint));
      return l.some((x) => x.msg === 'webhook delivered') && called.has('company') && called.has('shareholders') && l;
    });
    const messages = new Set(traced.map((l) => l.msg));
    for (const msg of ['request completed', 'job done', 'register call', 'webhook delivered'])
      assert.ok(messages.has(msg), `${msg} in ${[...messages].join(', ')}`);
    // One access line per request, once answered, with what an operator looks a request up by.
    const access = traced.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');
    assert.equal(access.length, 1, JSON.stringify(access));
    const line = access[0]!;
    assert.equal(line.method, 'POST');
    assert.equal(line.route, '/v2/company');
    assert.equal(line.status, 200);
    assert.equal(typeof line.accountId, 'string');
    assert.equal(typeof line.responseTime, 'number');
    const calls = traced.filter((l) => l.msg === 'register call');
    assert.deepEqual([...new Set(calls.map((c) => c.dataPoint))].sort(), ['company', 'shareholders']);
    assert.ok(calls.every((c) => c.register === 'TEST' && c.outcome === 'ok' && c.companyId === 'ACME-TRACED'));
    // Exactly one requestId per line (the request's own logger and the async context must not both write it).
    const rawLine = raw.split('\n').find((l) => l.includes('"register call"') && l.includes('trace-verification-1'))!;
    assert.equal(rawLine.match(/"requestId"/g)?.length, 1, rawLine);
  });

  it('names the request in the lines of the monitor checks it ran', async () => {
    assert.equal((await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ACME-TRACED', countryCode: 'TEST' } })).status, 201);
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 25 * 3600_000 } });
    const run = await svc.call('POST', '/admin/monitors/run-checks', { admin: true, headers: { 'x-request-id': 'trace-checks' } });
    assert.equal(run.status, 200);
    const checks = of('trace-checks').filter((l) => l.msg === 'monitor check');
    assert.ok(checks.length >= 1, JSON.stringify(of('trace-checks')));
    assert.equal(checks[0]!.outcome, 'success');
  });

  it('logs expected client and register errors at info or warn, without stack traces', async () => {
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 60_000 } });
    try {
      const down = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key, headers: { 'x-request-id': 'trace-outage' } });
      assert.equal(down.status, 503);
    } finally {
      await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
    }
    const missing = await svc.call('GET', '/v2/search?country=TEST&query=RESOURCE_NOT_FOUND', {
      key,
      headers: { 'x-request-id': 'trace-404' },
    });
    assert.equal(missing.status, 404);
    const outage = of('trace-outage');
    const failed = outage.find((l) => l.msg === 'register call failed');
    assert.equal(failed?.level, 'warn');
    assert.equal(failed?.outcome, 'service_unavailable');
    const notFound = of('trace-404').find((l) => l.msg === 'register call');
    assert.equal(notFound?.level, 'info');
    assert.equal(notFound?.outcome, 'resource_not_found');
    for (const l of [...outage, ...of('trace-404')]) {
      assert.ok(l.level === 'info' || l.level === 'warn', JSON.stringify(l));
      assert.doesNotMatch(JSON.stringify(l), /"stack"|\n\s+at /, 'no stack trace');
    }
    assert.deepEqual(
      lines().filter((l) => l.level === 'error' || l.level === 'fatal'),
      [],
      'nothing in this file is an error',
    );
  });
});
