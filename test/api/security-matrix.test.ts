import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * One security matrix over every route the service documents (its own /v2/openapi.json, operator API included), so a
 * new route is covered the day it is added: no key, a wrong key, another account's ids, an oversized body and a
 * malformed one. Each answer is a 4xx with the error envelope, never a 5xx and never the other account's data.
 */
describe('the security matrix over every route', () => {
  let svc: TestService;
  let routes: { method: string; path: string; operator: boolean; public: boolean }[];
  /** Ids owned by account A, by path parameter name. */
  const owned: Record<string, string> = {};
  let keyB: string;
  let rx: WebhookReceiver;
  const BODY_LIMIT = 4096;

  before(async () => {
    svc = await startTestService({ BODY_LIMIT_BYTES: String(BODY_LIMIT), RATE_LIMIT_PER_MINUTE: '100000' });
    rx = await WebhookReceiver.start();
    const doc = (await svc.call('GET', '/v2/openapi.json')).body;
    routes = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        operator: path.startsWith('/admin/'),
        public: Array.isArray(op.security) && op.security.length === 0,
      })),
    );
    const a = await svc.newAccount();
    keyB = (await svc.newAccount()).apiKey;
    const request = await svc.call('POST', '/v2/company', {
      key: a.apiKey,
      body: { id: 'MATRIX-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
    });
    assert.equal(request.status, 200, JSON.stringify(request.body));
    owned.requestId = request.body.request.requestId;
    const endpoint = await svc.call('POST', '/v2/webhook-endpoints', { key: a.apiKey, body: { url: `${rx.url}/hooks/matrix` } });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    const monitor = await svc.call('POST', '/v2/monitors', { key: a.apiKey, body: { companyId: 'MATRIX-1', countryCode: 'TEST' } });
    assert.ok(monitor.status < 300, JSON.stringify(monitor.body));
    owned.endpointId = endpoint.body.id;
    owned.monitorId = monitor.body.id;
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  /** A concrete path: A's ids where the route takes one, placeholders elsewhere. */
  const concrete = (path: string) =>
    path
      .replace('{requestId}', owned.requestId!)
      .replace(/\/webhook-endpoints\/\{id\}/, `/webhook-endpoints/${owned.endpointId}`)
      .replace(/\/monitors\/\{id\}/, `/monitors/${owned.monitorId}`)
      .replace('{countryCode}', 'TEST')
      .replace('{authority}', 'VIES')
      .replace(/\{[A-Za-z]+\}/g, 'matrix-id');
  const hasBody = (method: string) => method === 'POST' || method === 'PUT';
  const isEnvelope4xx = (res: { status: number; body: any }) =>
    res.status >= 400 && res.status < 500 && typeof res.body?.error?.code === 'string';

  it('covers the routes it must (the document lists them all)', () => {
    assert.ok(routes.length >= 25, `${routes.length} routes`);
    for (const p of ['/v2/company/{requestId}', '/v2/webhook-endpoints/{id}', '/v2/monitors/{id}', '/admin/accounts'])
      assert.ok(
        routes.some((r) => r.path === p),
        p,
      );
  });

  it('refuses every authenticated route without a key or token, and with a wrong one: 401', async () => {
    for (const r of routes.filter((x) => !x.public)) {
      const body = hasBody(r.method) ? {} : undefined;
      const none = await svc.call(r.method, concrete(r.path), { body });
      assert.equal(none.status, 401, `${r.method} ${r.path} without credentials: ${none.status}`);
      assert.ok(isEnvelope4xx(none), `${r.method} ${r.path}`);
      const wrong = await svc.call(r.method, concrete(r.path), {
        body,
        headers: r.operator ? { authorization: 'Bearer not-the-token' } : { 'x-api-key': 'rk_not-a-real-key' },
      });
      assert.equal(wrong.status, 401, `${r.method} ${r.path} with a wrong credential: ${wrong.status}`);
      // An account's key is no operator token.
      if (r.operator) assert.equal((await svc.call(r.method, concrete(r.path), { body, key: keyB })).status, 401);
    }
  });

  it("never shows or changes another account's request, endpoint or monitor: 404", async () => {
    const byId = routes.filter((r) => !r.operator && /\{(requestId|id)\}/.test(r.path));
    assert.ok(byId.length >= 8, `${byId.length} routes by id`);
    for (const r of byId) {
      const res = await svc.call(r.method, concrete(r.path), { key: keyB, body: hasBody(r.method) ? {} : undefined });
      assert.equal(res.status, 404, `${r.method} ${concrete(r.path)} with another account's key: ${res.status}`);
      assert.ok(isEnvelope4xx(res));
    }
  });

  it('answers an oversized body 413 and a malformed one 400 on every route that takes a body', async () => {
    for (const r of routes.filter((x) => hasBody(x.method))) {
      const auth = r.operator ? { admin: true } : { key: keyB };
      const big = await svc.call(r.method, concrete(r.path), { ...auth, body: { padding: 'x'.repeat(BODY_LIMIT * 2) } });
      assert.equal(big.status, 413, `${r.method} ${r.path} oversized: ${big.status}`);
      const bad = await svc.call(r.method, concrete(r.path), { ...auth, body: '{"unterminated": ' });
      assert.equal(bad.status, 400, `${r.method} ${r.path} malformed: ${bad.status}`);
      assert.ok(isEnvelope4xx(big) && isEnvelope4xx(bad), `${r.method} ${r.path}`);
    }
  });
});
