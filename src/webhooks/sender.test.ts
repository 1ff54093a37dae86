import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WebhookSender } from './sender.ts';
import { UrlGuard } from './url-guard.ts';

describe('webhook sender', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/ok': (res) => res.writeHead(204).end(),
    '/redirect': (res) => res.writeHead(302, { location: '/ok' }).end(),
    '/busy': (res) => res.writeHead(429, { 'retry-after': '7' }).end('slow down'),
    '/hang': () => undefined,
  };
  const sandbox = new WebhookSender(new UrlGuard('sandbox'), { timeoutMs: 300, userAgent: 'test-agent/1' });
  const live = new WebhookSender(new UrlGuard('live'), { timeoutMs: 300, userAgent: 'test-agent/1' });

  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url!, headers: req.headers, body });
        routes[req.url!]?.(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await sandbox.close();
    await live.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('POSTs the body with the given headers, JSON content type and user agent; 2xx is success', async () => {
    const result = await sandbox.post(`${base}/ok`, { 'webhook-id': 'msg_1' }, '{"a":1}');
    assert.deepEqual(result, { ok: true, responseStatus: 204, retryAfterMs: undefined });
    const got = seen.at(-1)!;
    assert.equal(got.body, '{"a":1}');
    assert.equal(got.headers['webhook-id'], 'msg_1');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['user-agent'], 'test-agent/1');
  });

  it('does not follow redirects', async () => {
    const before = seen.length;
    const result = await sandbox.post(`${base}/redirect`, {}, '{}');
    assert.equal(result.ok, false);
    assert.equal(result.responseStatus, 302);
    assert.equal(seen.length, before + 1, 'the redirect target was not called');
  });

  it('reports Retry-After and the status of a failure', async () => {
    const result = await sandbox.post(`${base}/busy`, {}, '{}');
    assert.equal(result.ok, false);
    assert.equal(result.responseStatus, 429);
    assert.equal(result.retryAfterMs, 7000);
    assert.match(result.error!, /answered 429/);
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    const result = await sandbox.post(`${base}/hang`, {}, '{}');
    assert.equal(result.ok, false);
    assert.equal(result.responseStatus, undefined);
    assert.match(result.error!, /no answer within 300 ms/);
    assert.ok(Date.now() - started < 2000);
  });

  it('reports connection errors', async () => {
    const result = await sandbox.post('http://127.0.0.1:1/ok', {}, '{}');
    assert.equal(result.ok, false);
    assert.match(result.error!, /ECONNREFUSED/);
  });

  it('in live mode never connects to loopback, by literal address or by a name that resolves to it', async () => {
    const before = seen.length;
    const literal = await live.post(`${base}/ok`, {}, '{}');
    assert.equal(literal.ok, false);
    assert.match(literal.error!, /refused: 127\.0\.0\.1 is a loopback address/);
    const port = new URL(base).port;
    const named = await live.post(`http://localhost:${port}/ok`, {}, '{}');
    assert.equal(named.ok, false);
    assert.match(named.error!, /refused: localhost resolves to .* loopback/);
    assert.equal(seen.length, before, 'nothing reached the receiver');
  });
});
