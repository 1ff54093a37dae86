import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/** A raw HTTP call: fetch would add a Content-Type to a string body and normalise some URLs. */
function raw(url: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }>((resolve, reject) => {
    const req = request(url + path, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

const BODY_LIMIT = 1024;

/** CONTRACT §3: every error, including those Fastify raises before a route runs, in the one envelope. */
describe('the error envelope for malformed requests', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '1000', BODY_LIMIT_BYTES: String(BODY_LIMIT) });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const json = { 'content-type': 'application/json' };
  const company = JSON.stringify({ id: 'ACME', countryCode: 'TEST' });
  const cases: {
    name: string;
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    status: number;
    code: string;
    message: RegExp;
    allow?: string;
  }[] = [
    {
      name: 'malformed percent-encoding in a path',
      method: 'GET',
      path: '/v2/company/%E0%A4%A',
      status: 400,
      code: 'invalid_request',
      message: /URL is malformed/,
    },
    {
      name: 'malformed percent-encoding in a query',
      method: 'GET',
      path: '/v2/search?country=TEST&query=%E0%A4%A',
      status: 400,
      code: 'invalid_request',
      message: /URL is malformed/,
    },
    {
      name: 'a NUL character in a path',
      method: 'GET',
      path: '/v2/company/abc%00',
      status: 400,
      code: 'invalid_request',
      message: /URL is malformed/,
    },
    {
      name: 'a text/plain body',
      method: 'POST',
      path: '/v2/company',
      headers: { 'content-type': 'text/plain' },
      body: company,
      status: 415,
      code: 'invalid_request',
      message: /must be JSON/,
    },
    {
      name: 'a body without content type',
      method: 'POST',
      path: '/v2/company',
      body: company,
      status: 415,
      code: 'invalid_request',
      message: /must be JSON/,
    },
    {
      name: 'a body over BODY_LIMIT_BYTES',
      method: 'POST',
      path: '/v2/company',
      headers: json,
      body: JSON.stringify({ id: 'x'.repeat(BODY_LIMIT) }),
      status: 413,
      code: 'invalid_request',
      message: /too large/,
    },
    {
      name: 'invalid JSON',
      method: 'POST',
      path: '/v2/company',
      headers: json,
      body: '{"id":',
      status: 400,
      code: 'invalid_request',
      message: /not valid JSON/,
    },
    {
      name: 'an empty JSON body',
      method: 'POST',
      path: '/v2/company',
      headers: json,
      body: '',
      status: 400,
      code: 'invalid_request',
      message: /not valid JSON/,
    },
    {
      name: 'a NUL character in a JSON string',
      method: 'POST',
      path: '/v2/company',
      headers: json,
      body: '{"id":"A\\u0000B","countryCode":"TEST"}',
      status: 400,
      code: 'invalid_request',
      message: /NUL/,
    },
    {
      name: 'PATCH on a POST route',
      method: 'PATCH',
      path: '/v2/company',
      status: 405,
      code: 'invalid_request',
      message: /PATCH is not allowed/,
      allow: 'POST',
    },
    {
      name: 'DELETE on a GET route',
      method: 'DELETE',
      path: '/v2/search',
      status: 405,
      code: 'invalid_request',
      message: /DELETE is not allowed/,
      allow: 'GET, HEAD',
    },
    {
      name: 'POST on a route with a parameter',
      method: 'POST',
      path: '/v2/company/req_123',
      status: 405,
      code: 'invalid_request',
      message: /POST is not allowed/,
      allow: 'GET, HEAD',
    },
    {
      name: 'an unknown route',
      method: 'GET',
      path: '/v2/nothing-here',
      status: 404,
      code: 'resource_not_found',
      message: /no route GET \/v2\/nothing-here/,
    },
    {
      name: 'a bad query string',
      method: 'GET',
      path: '/v2/pricing?countryCode=XX',
      status: 400,
      code: 'invalid_request',
      message: /invalid querystring/,
    },
  ];

  for (const c of cases) {
    it(`${c.name}: ${c.status} ${c.code} in the envelope, with RateLimit headers`, async () => {
      const res = await raw(svc.url, c.method, c.path, { 'x-api-key': key, ...c.headers }, c.body);
      assert.equal(res.status, c.status, JSON.stringify(res.body));
      assert.deepEqual(Object.keys(res.body).sort(), ['error', 'statusCode']);
      assert.equal(res.body.statusCode, c.status);
      assert.equal(res.body.error.code, c.code);
      assert.match(res.body.error.message, c.message);
      assert.deepEqual(
        Object.keys(res.body.error).filter((k) => !['code', 'message', 'details'].includes(k)),
        [],
      );
      if (res.body.error.details !== undefined) assert.ok(res.body.error.details.every((d: unknown) => typeof d === 'string'));
      assert.ok(!JSON.stringify(res.body).includes('FST_'), 'no Fastify error code leaks');
      assert.equal(res.headers['ratelimit-limit'], '1000');
      assert.ok(res.headers['ratelimit-remaining'] !== undefined);
      assert.ok(res.headers['ratelimit-reset'] !== undefined);
      if (c.allow) assert.equal(res.headers.allow, c.allow);
    });
  }
});

/** A field left out is told as missing, not as a value outside the field's list (a search's `country` has seventy). */
describe('a missing field', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const cases: { name: string; method: 'GET' | 'POST'; path: string; body?: unknown; detail: string }[] = [
    { name: "a search's country", method: 'GET', path: '/v2/search?query=acme', detail: 'querystring.country: required, and missing' },
    { name: "a search's query", method: 'GET', path: '/v2/search?country=TEST', detail: 'querystring.query: required, and missing' },
    {
      name: "a company request's id",
      method: 'POST',
      path: '/v2/company',
      body: { countryCode: 'TEST' },
      detail: 'body.id: required, and missing',
    },
    {
      name: "a company request's countryCode",
      method: 'POST',
      path: '/v2/company',
      body: { id: 'ACME' },
      detail: 'body.countryCode: required, and missing',
    },
    {
      name: "a monitor's countryCode",
      method: 'POST',
      path: '/v2/monitors',
      body: { companyId: 'ACME' },
      detail: 'body.countryCode: required, and missing',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: 400, its detail says it is missing, and names no list of values`, async () => {
      const res = await svc.call(c.method, c.path, { key, ...(c.body ? { body: c.body } : {}) });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, 'invalid_request');
      assert.ok(res.body.error.details.includes(c.detail), JSON.stringify(res.body.error.details));
      assert.ok(!JSON.stringify(res.body).includes('expected one of'), JSON.stringify(res.body));
    });
  }

  it('names every mistake of a request in one answer, and a field it ignored beside the one missing', async () => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { countryCode: 'TEST', companyId: 'ACME', dataPoints: ['company', 'representatives'] },
    });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    const details: string[] = res.body.error.details;
    assert.ok(details.includes('body.id: required, and missing'), JSON.stringify(details));
    assert.ok(
      details.some((d) => d.startsWith('body.dataPoints.1: ')),
      JSON.stringify(details),
    );
    assert.ok(details.includes('body.companyId: not a field of this request, ignored'), JSON.stringify(details));
  });

  it('names the missing id and countryCode beside a graph continuation sent as one string instead of a list', async () => {
    const res = await svc.call('POST', '/v2/company', { key, body: { graphContinueFromNodeIds: 'TEST:GRAPH-CHAIN' } });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    const details: string[] = res.body.error.details;
    assert.ok(
      details.some((d) => d.startsWith('body.graphContinueFromNodeIds: ')),
      JSON.stringify(details),
    );
    assert.ok(details.includes('body.id: required, and missing'), JSON.stringify(details));
    assert.ok(details.includes('body.countryCode: required, and missing'), JSON.stringify(details));
  });

  it('still names the values a field takes when it holds one outside them', async () => {
    const res = await svc.call('GET', '/v2/search?country=XX&query=acme', { key });
    assert.equal(res.status, 400);
    assert.match(res.body.error.details.join('\n'), /querystring\.country: .*expected one of .*"GB"/);
  });
});
