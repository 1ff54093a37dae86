import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/** Regressions found by the fuzz test (test/api/fuzz.test.ts): each class of input that made a 5xx or a bad answer. */
describe('hostile input found by the fuzz test', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses forged page cursors with a 400, not a 500 from the query', async () => {
    const forged = [
      [1e20, 'x'], // beyond any Date
      [-8.64e15, 'x'], // a Date, but before timestamptz's range
      [0, 'a\u0000b'], // a NUL in a text parameter
      [1.5, 'x'],
      [0, ''],
    ];
    for (const path of ['/v2/billing/events', '/v2/monitors']) {
      for (const value of forged) {
        const res = await svc.call('GET', `${path}?after=${cursor(value)}`, { key });
        assert.equal(res.status, 400, `${path} ${JSON.stringify(value)}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.error.code, 'invalid_request');
        assert.match(res.body.error.message, /after is not a cursor/);
      }
      // A real position still pages.
      assert.equal((await svc.call('GET', `${path}?after=${cursor([Date.now(), 'x'])}`, { key })).status, 200);
    }
  });

  it('answers an over-long path parameter in the envelope, without Fastify internals', async () => {
    const cases = [
      { path: `/v2/company/${'x'.repeat(300)}`, admin: false, message: /requestId: Too big/ }, // the id's own limit
      { path: `/v2/company/${'x'.repeat(5000)}`, admin: false, message: /longer than 1024/ }, // past the router's limit
      { path: `/v2/monitors/${'9'.repeat(2000)}/logs`, admin: false, message: /longer than 1024/ },
      { path: `/admin/sandbox/TEST/companies/${'%C3%A9'.repeat(400)}`, admin: true, message: /longer than 1024/ },
    ];
    for (const c of cases) {
      const res = await svc.call(c.admin ? 'DELETE' : 'GET', c.path, c.admin ? { admin: true } : { key });
      const text = JSON.stringify(res.body);
      assert.equal(res.status, 400, text);
      assert.equal(res.body.statusCode, 400);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(`${res.body.error.message} ${res.body.error.details ?? ''}`, c.message);
      assert.doesNotMatch(text, /FST_/);
      assert.ok(res.headers.get('ratelimit-limit'), 'through the normal pipeline, rate limit headers included');
    }
  });
});
