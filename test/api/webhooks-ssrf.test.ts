import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { webhookApi } from '../support/webhook-api.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/** URLs an attacker registers to reach the service's own network; every one is refused in live mode. */
const HOSTILE = [
  // IPv6 forms that carry an IPv4 address: NAT64 (well-known and local-use), IPv4-compatible, -mapped, -translated,
  // 6to4 and Teredo (client 127.0.0.1, the last 32 bits inverted).
  'http://[64:ff9b::a9fe:a9fe]/latest/meta-data',
  'http://[64:ff9b::169.254.169.254]/',
  'http://[64:ff9b:1::a9fe:a9fe]/',
  'http://[::127.0.0.1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:0:a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[2002:7f00:1::1]/',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
  // IPv4 spellings the URL parser turns into 127.0.0.1 and 169.254.169.254.
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://2852039166/',
  'http://localhost./',
  'http://api.localhost/',
  'http://0.0.0.0/',
  'http://[::]/',
  'http://[::1]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://100.64.0.1/',
  'http://198.18.0.1/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
  'http://internal.example/',
];

/** Host names from a table, switchable: `rebind.example` is public when registered and loopback when dialled. */
const dns = { rebound: false };
const resolver = async (host: string) => {
  if (host === 'rebind.example') return dns.rebound ? ['127.0.0.1'] : ['93.184.216.34'];
  if (host === 'internal.example') return ['10.0.0.8'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

describe('live-mode webhook URLs (SSRF)', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  before(async () => {
    // Live mode's guard, sandbox registers (no register traffic leaves the machine).
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,1h' }, { webhookGuard: { mode: 'live', resolver } });
    rx = await WebhookReceiver.start();
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  it('refuses internal, loopback, link-local and special addresses however they are spelled, with 400', async () => {
    const { apiKey: key } = await svc.newAccount();
    for (const url of HOSTILE) {
      const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url } });
      assert.equal(res.status, 400, `${url} must be refused: ${JSON.stringify(res.body)}`);
      assert.match(JSON.stringify(res.body), /not allowed as a webhook target/, url);
    }
    assert.deepEqual((await svc.call('GET', '/v2/webhook-endpoints', { key })).body, { endpoints: [] });
  });

  it('still accepts public addresses, including IPv6 forms that carry a public IPv4 address', async () => {
    const { apiKey: key } = await svc.newAccount();
    for (const url of ['https://93.184.216.34/hook', 'https://[64:ff9b::5db8:d822]/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url } });
      assert.equal(res.status, 201, `${url}: ${JSON.stringify(res.body)}`);
    }
  });

  it('refuses at connect time a host name that resolves to loopback by then (DNS rebinding): a failed attempt, nothing delivered', async () => {
    const api = webhookApi(svc, rx);
    const { apiKey: key } = await svc.newAccount();
    const port = new URL(rx.url).port;
    const created = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `http://rebind.example:${port}/hook` } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    dns.rebound = true;

    await api.request(key);
    const [attempt] = await eventually(async () => {
      const { deliveries } = await api.deliveries(key, created.body.id);
      return deliveries.length ? deliveries : undefined;
    }, 20_000);
    assert.equal(attempt.status, 'failed');
    assert.equal(attempt.responseStatus, undefined);
    assert.match(attempt.error, /refused: rebind\.example resolves to 127\.0\.0\.1 is a loopback address/);
    assert.equal(rx.received.length, 0, 'the receiver on loopback got nothing');
  });
});
