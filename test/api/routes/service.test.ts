import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertError } from '../../support/envelope.ts';
import { ADMIN_TOKEN, startTestService, type TestService } from '../../support/service.ts';

/** The service's own routes beside the resources: health checks and the API description. */
describe('service routes', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  describe('GET /health', () => {
    it('happy: answers ok to a caller with a key', async () => {
      const res = await svc.call('GET', '/health', { key });
      assert.deepEqual([res.status, res.body], [200, { status: 'ok' }]);
    });
    it('error: without a key it is a 401 (it sits with the account API)', async () => {
      assertError(await svc.call('GET', '/health'), 401, 'unauthorized');
    });
  });

  describe('GET /healthz', () => {
    it('happy: answers ok without a key', async () => {
      const res = await svc.call('GET', '/healthz');
      assert.deepEqual([res.status, res.body], [200, { status: 'ok' }]);
    });
    it('error: another method is a 405 naming the allowed ones', async () => {
      const res = await svc.call('POST', '/healthz', { body: {} });
      assertError(res, 405, 'invalid_request');
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
    });
  });

  describe('GET /metrics', () => {
    it('happy: serves Prometheus text to the operator', async () => {
      const res = await fetch(`${svc.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(await res.text(), /^# HELP /m);
    });
    it('error: an account key is no operator token (401)', async () => {
      assertError(await svc.call('GET', '/metrics', { key }), 401, 'unauthorized');
    });
  });

  describe('GET /v2/openapi.json', () => {
    it('happy: serves the OpenAPI 3.1 document without a key', async () => {
      const res = await svc.call('GET', '/v2/openapi.json');
      assert.equal(res.status, 200);
      assert.equal(res.body.openapi, '3.1.0');
      assert.ok(res.body.paths['/v2/company']);
    });
    it('error: another method is a 405', async () => {
      assertError(await svc.call('DELETE', '/v2/openapi.json', { key }), 405, 'invalid_request');
    });
  });

  describe('GET /docs', () => {
    it('happy: renders the reference page', async () => {
      const res = await fetch(`${svc.url}/docs`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    });
    it('error: another method is a 405', async () => {
      assertError(await svc.call('POST', '/docs', { body: {} }), 405, 'invalid_request');
    });
  });
});
