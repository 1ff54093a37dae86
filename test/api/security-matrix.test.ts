import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FormClient, hiddenField, signedInOwner } from '../support/browser-less.ts';
import { servedRoutes } from '../support/route-inventory.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';
import { startTestService, type TestService } from '../support/service.ts';

interface MatrixRoute {
  method: string;
  /** Fastify's pattern: `:param` for a path parameter. */
  url: string;
  operator: boolean;
  public: boolean;
}

/** Served without credentials on purpose: health for load balancers, the API description, sign-in and its assets. */
const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /docs',
  'GET /v2/openapi.json',
  'GET /dashboard/sign-in',
  'POST /dashboard/sign-in',
  'GET /dashboard/setup/:token',
  'POST /dashboard/setup/:token',
  'GET /dashboard/assets/:file',
]);

/**
 * One security matrix over every route the service serves (its own route table: the account API, the operator API,
 * the operations endpoints and the dashboard), so a new route is covered the day it is added: no key, a wrong key,
 * another account's ids, an oversized body and a malformed one. Each answer is a 4xx (the error envelope in the API,
 * the sign-in page or an error page in the dashboard), never a 5xx and never the other account's data.
 */
describe('the security matrix over every route', () => {
  let svc: TestService;
  let routes: MatrixRoute[];
  /** Ids owned by account A, by path parameter name. */
  const owned: Record<string, string> = {};
  let keyB: string;
  let dashboardB: FormClient;
  let rx: WebhookReceiver;
  const BODY_LIMIT = 4096;

  before(async () => {
    svc = await startTestService({ BODY_LIMIT_BYTES: String(BODY_LIMIT), RATE_LIMIT_PER_MINUTE: '100000' });
    rx = await WebhookReceiver.start();
    const doc = (await svc.call('GET', '/v2/openapi.json')).body;
    // The document says which of its operations need no credentials (signed document links, the document itself).
    const documentedPublic = new Set(
      Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    routes = servedRoutes(svc.app).map((r) => {
      const key = `${r.method} ${r.url}`;
      return {
        ...r,
        operator: r.url.startsWith('/admin/') || r.url === '/metrics',
        public: PUBLIC_ROUTES.has(key) || documentedPublic.has(key),
      };
    });
    const a = await signedInOwner(svc, { email: 'matrix-a@example.com' });
    const b = await signedInOwner(svc, { email: 'matrix-b@example.com' });
    keyB = b.apiKey;
    dashboardB = b.client;
    const request = await svc.call('POST', '/v2/company', {
      key: a.apiKey,
      body: { id: 'MATRIX-1', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] },
    });
    assert.equal(request.status, 200, JSON.stringify(request.body));
    owned.requestId = request.body.request.requestId;
    const endpoint = await svc.call('POST', '/v2/webhook-endpoints', { key: a.apiKey, body: { url: `${rx.url}/hooks/matrix` } });
    assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
    owned.endpointId = endpoint.body.id;
    const monitor = await svc.call('POST', '/v2/monitors', { key: a.apiKey, body: { companyId: 'MATRIX-1', countryCode: 'TEST' } });
    assert.ok(monitor.status < 300, JSON.stringify(monitor.body));
    owned.monitorId = monitor.body.id;
    const message = await svc.call('POST', `/v2/webhook-endpoints/${owned.endpointId}/test`, { key: a.apiKey });
    assert.equal(message.status, 202, JSON.stringify(message.body));
    owned.messageId = message.body.messageId;
    const apiKey = await svc.call('POST', '/v2/api-keys', { key: a.apiKey, body: { name: 'matrix' } });
    assert.equal(apiKey.status, 201, JSON.stringify(apiKey.body));
    owned.apiKeyId = apiKey.body.id;
    const workspace = await svc.call('POST', '/v2/workspaces', { key: a.apiKey, body: { name: 'matrix-ws', legalName: 'Matrix WS' } });
    assert.equal(workspace.status, 201, JSON.stringify(workspace.body));
    owned.workspace = 'matrix-ws';
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  /** The id of A's resource that a route's path parameter names (placeholders where the route takes no account id). */
  const idFor = (url: string, param: string): string => {
    if (param === 'requestId') return owned.requestId!;
    if (param === 'messageId') return owned.messageId!;
    if (param === 'name' || param === 'workspaceId') return owned.workspace!;
    if (param === 'countryCode') return 'TEST';
    if (param === 'authority') return 'VIES';
    if (param === 'id') {
      if (/\/(webhook-endpoints|webhooks)\//.test(url)) return owned.endpointId!;
      if (/\/monitors\//.test(url)) return owned.monitorId!;
      if (/\/requests\//.test(url)) return owned.requestId!;
      if (/\/api-keys\//.test(url)) return owned.apiKeyId!;
    }
    return 'matrix-id';
  };
  /** A concrete path: A's ids where the route takes one, placeholders elsewhere. */
  const concrete = (url: string) => url.replace(/:(\w+)/g, (_, param: string) => idFor(url, param)).replace(/\*$/, 'no-such-page');
  /** Path parameters that name an account's resource (not a register, a country or a catch-all). */
  const takesAccountId = (url: string) => /:(requestId|id|messageId|name|workspaceId)\b/.test(url);
  const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';
  const isEnvelope4xx = (res: { status: number; body: any }) =>
    res.status >= 400 && res.status < 500 && typeof res.body?.error?.code === 'string';
  const api = () => routes.filter((r) => !r.url.startsWith('/dashboard'));
  const dashboard = () => routes.filter((r) => r.url.startsWith('/dashboard') && !r.public);

  it('covers the routes it must (the route table lists them all)', () => {
    assert.ok(routes.length >= 70, `${routes.length} routes`);
    for (const key of ['GET /v2/company/:requestId', 'DELETE /v2/webhook-endpoints/:id', 'GET /v2/monitors/:id', 'POST /admin/accounts']) {
      assert.ok(
        routes.some((r) => `${r.method} ${r.url}` === key),
        key,
      );
    }
    assert.ok(dashboard().length >= 20, `${dashboard().length} dashboard routes`);
  });

  it('refuses every authenticated route without a key or token, and with a wrong one: 401', async () => {
    for (const r of api().filter((x) => !x.public)) {
      const body = hasBody(r.method) ? {} : undefined;
      const none = await svc.call(r.method, concrete(r.url), { body });
      assert.equal(none.status, 401, `${r.method} ${r.url} without credentials: ${none.status}`);
      assert.ok(isEnvelope4xx(none), `${r.method} ${r.url}`);
      const wrong = await svc.call(r.method, concrete(r.url), {
        body,
        headers: r.operator ? { authorization: 'Bearer not-the-token' } : { 'x-api-key': 'rk_not-a-real-key' },
      });
      assert.equal(wrong.status, 401, `${r.method} ${r.url} with a wrong credential: ${wrong.status}`);
      // An account's key is no operator token.
      if (r.operator) assert.equal((await svc.call(r.method, concrete(r.url), { body, key: keyB })).status, 401);
    }
  });

  it("never shows or changes another account's request, endpoint, message, monitor, key or workspace: 404", async () => {
    const byId = api().filter((r) => !r.operator && !r.public && takesAccountId(r.url));
    assert.ok(byId.length >= 15, `${byId.length} routes by id`);
    for (const r of byId) {
      const res = await svc.call(r.method, concrete(r.url), { key: keyB, body: hasBody(r.method) ? {} : undefined });
      // A body the route refuses would hide a missing ownership check: B's answer is the 404 of an unknown id.
      assert.equal(res.status, 404, `${r.method} ${concrete(r.url)} with another account's key: ${JSON.stringify(res.body)}`);
      assert.ok(isEnvelope4xx(res));
    }
  });

  it('answers an oversized body 413 and a malformed one 400 on every route that takes a body', async () => {
    for (const r of api().filter((x) => hasBody(x.method))) {
      const auth = r.operator ? { admin: true } : { key: keyB };
      const big = await svc.call(r.method, concrete(r.url), { ...auth, body: { padding: 'x'.repeat(BODY_LIMIT * 2) } });
      assert.equal(big.status, 413, `${r.method} ${r.url} oversized: ${big.status}`);
      const bad = await svc.call(r.method, concrete(r.url), { ...auth, body: '{"unterminated": ' });
      assert.equal(bad.status, 400, `${r.method} ${r.url} malformed: ${bad.status}`);
      assert.ok(isEnvelope4xx(big) && isEnvelope4xx(bad), `${r.method} ${r.url}`);
    }
  });

  it('sends a signed-out visitor of every dashboard page to sign in (303), and refuses every form (401)', async () => {
    const visitor = new FormClient(svc.url);
    for (const r of dashboard()) {
      const path = concrete(r.url);
      if (r.method === 'GET') {
        const res = await visitor.get(path);
        assert.equal(res.status, 303, `${r.method} ${r.url} signed out: ${res.status}`);
        assert.match(res.location ?? '', /^\/dashboard\/sign-in/, `${r.method} ${r.url}`);
      } else {
        const res = await visitor.post(path, { _csrf: 'anything' });
        assert.equal(res.status, 401, `${r.method} ${r.url} signed out: ${res.status}`);
      }
    }
  });

  it('refuses every dashboard form without its CSRF token (403), and shows another account none of its ids (404)', async () => {
    const csrf = hiddenField((await dashboardB.get('/dashboard')).text, '_csrf');
    for (const r of dashboard().filter((x) => x.method === 'POST')) {
      const res = await dashboardB.post(concrete(r.url), { _csrf: 'not-the-token' });
      assert.equal(res.status, 403, `${r.method} ${r.url} without its CSRF token: ${res.status}`);
    }
    for (const r of dashboard().filter((x) => takesAccountId(x.url))) {
      const path = concrete(r.url);
      const res = r.method === 'GET' ? await dashboardB.get(path) : await dashboardB.post(path, { _csrf: csrf });
      assert.equal(res.status, 404, `${r.method} ${path} as another account: ${res.status}`);
    }
  });
});
