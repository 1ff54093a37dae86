import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/** Writes `raw` to the service's socket and returns everything it answers until it closes. */
function rawExchange(url: string, raw: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (text += c));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

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

  it('answers requests the HTTP parser refuses in the envelope, and closes the connection', async () => {
    const longUrl = `GET /v2/search?country=TEST&query=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`;
    const cases = [
      { raw: longUrl, status: 431 },
      { raw: `GET /v2/billing/balance HTTP/1.1\r\nHost: x\r\nx-big: ${'b'.repeat(20_000)}\r\n\r\n`, status: 431 },
      { raw: 'NOT HTTP AT ALL\r\n\r\n', status: 400 },
      { raw: 'GET /v2/billing/balance HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', status: 400 },
    ];
    for (const c of cases) {
      const answer = await rawExchange(svc.url, c.raw);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      assert.match(head, new RegExp(`^HTTP/1.1 ${c.status} `), answer.slice(0, 300));
      assert.match(head, /\r\nconnection: close/i);
      assert.deepEqual(Object.keys(JSON.parse(body)), ['statusCode', 'error']);
      assert.equal(JSON.parse(body).statusCode, c.status);
      assert.equal(JSON.parse(body).error.code, 'invalid_request');
    }
  });

  it('keeps a kept-alive client working after a request with oversized headers', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        request(`${svc.url}${path}`, { agent, headers: { 'x-api-key': key } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    try {
      assert.equal(await get('/v2/billing/balance'), 200);
      assert.equal(await get(`/v2/search?country=TEST&query=${'a'.repeat(20_000)}`), 431);
      // Before, the 431 left the connection looking reusable: this request went into a closed socket (hang up).
      assert.equal(await get('/v2/billing/balance'), 200);
    } finally {
      agent.destroy();
    }
  });

  it('answers a bad document link signature with 401 unauthorized, the status of that code', async () => {
    for (const query of ['expires=1&signature=forged', `expires=${Date.now() + 3_600_000}&signature=AAAA`]) {
      const res = await svc.call('GET', `/v2/files/doc_1?${query}`);
      assert.equal(res.status, 401, JSON.stringify(res.body));
      assert.deepEqual(res.body, { statusCode: 401, error: { code: 'unauthorized', message: res.body.error.message } });
    }
  });

  it('refuses unpaired surrogates in JSON strings (jsonb cannot store them) and keeps paired ones', async () => {
    const sandbox = `/admin/sandbox/TEST/companies/SURROGATE`;
    const cases = [
      { path: '/v2/monitors', body: '{"companyId":"ACME","countryCode":"TEST","metadata":{"ref":"x\\udfffy"}}' },
      { path: '/v2/monitors', body: '{"companyId":"ACME","countryCode":"TEST","metadata":{"\\ud800":"x"}}' },
      { path: sandbox, body: '{"record":{"company":{"name":"Surrogate Ltd","currency":"\\ud83d"}}}', admin: true },
    ];
    for (const c of cases) {
      const res = await svc.call(c.admin ? 'PUT' : 'POST', c.path, c.admin ? { admin: true, body: c.body } : { key, body: c.body });
      assert.equal(res.status, 400, `${c.body}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, /unpaired UTF-16 surrogates/);
    }
    const paired = await svc.call('POST', '/v2/monitors', {
      key,
      body: '{"companyId":"ACME","countryCode":"TEST","metadata":{"ref":"\\ud83d\\ude00 公司"}}',
    });
    assert.equal(paired.status, 201, JSON.stringify(paired.body));
    assert.deepEqual(paired.body.metadata, { ref: '😀 公司' });
  });
});
