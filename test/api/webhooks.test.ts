import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { webhookApi } from '../support/webhook-api.ts';
import { WebhookReceiver, verify } from '../support/webhook-receiver.ts';

const HOUR = 3_600_000;

describe('webhook endpoints and deliveries', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let api: ReturnType<typeof webhookApi>;
  before(async () => {
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,50ms,50ms,50ms' });
    rx = await WebhookReceiver.start();
    api = webhookApi(svc, rx);
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  it('creates, lists and deletes endpoints; the secret is shown once', async () => {
    const { apiKey: key } = await svc.newAccount();
    const created = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/hooks/a`, description: 'ops' } });
    assert.equal(created.status, 201);
    const ep = created.body;
    assert.match(ep.id, /^whe_/);
    assert.equal(ep.url, `${rx.url}/hooks/a`);
    assert.equal(ep.description, 'ops');
    assert.equal(ep.status, 'enabled');
    assert.ok(!Number.isNaN(Date.parse(ep.createdAt)));
    assert.match(ep.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(ep.secret.slice('whsec_'.length), 'base64').length;
    assert.ok(bytes >= 24 && bytes <= 64, `${bytes} bytes`);

    const list = await svc.call('GET', '/v2/webhook-endpoints', { key });
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, {
      endpoints: [{ id: ep.id, url: ep.url, description: 'ops', status: 'enabled', createdAt: ep.createdAt }],
    });
    assert.ok(!JSON.stringify(list.body).includes('whsec_'), 'no secret in the list');

    const del = await svc.call('DELETE', `/v2/webhook-endpoints/${ep.id}`, { key });
    assert.equal(del.status, 204);
    assert.deepEqual((await svc.call('GET', '/v2/webhook-endpoints', { key })).body, { endpoints: [] });
    assert.equal((await svc.call('DELETE', `/v2/webhook-endpoints/${ep.id}`, { key })).status, 404);
    assert.equal((await svc.call('POST', `/v2/webhook-endpoints/${ep.id}/rotate-secret`, { key })).status, 404);
    assert.equal((await svc.call('GET', `/v2/webhook-endpoints/${ep.id}/deliveries`, { key })).status, 404);
  });

  it('replays a create with the same Idempotency-Key: one endpoint, the same secret', async () => {
    const { apiKey: key } = await svc.newAccount();
    const body = { url: `${rx.url}/hooks/idem` };
    const first = await svc.call('POST', '/v2/webhook-endpoints', { key, body, headers: { 'idempotency-key': 'ep-1' } });
    const again = await svc.call('POST', '/v2/webhook-endpoints', { key, body, headers: { 'idempotency-key': 'ep-1' } });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.id, first.body.id);
    assert.equal(again.body.secret, first.body.secret);
    assert.equal((await svc.call('GET', '/v2/webhook-endpoints', { key })).body.endpoints.length, 1);
  });

  it('refuses bad URLs and bodies with 400 and details', async () => {
    const { apiKey: key } = await svc.newAccount();
    for (const url of ['ftp://127.0.0.1/x', 'not a url', 'javascript:alert(1)', '', 'http://', 'http://169.254.169.254/latest']) {
      const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url } });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.ok(
        res.body.error.details.some((d: string) => /url/.test(d)),
        `${url}: ${JSON.stringify(res.body)}`,
      );
    }
    for (const body of [
      {},
      { url: `${rx.url}/x`, descripton: 'a typo' },
      { url: `${rx.url}/x`, description: 'x'.repeat(501) },
      { url: 42 },
    ]) {
      const res = await svc.call('POST', '/v2/webhook-endpoints', { key, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.ok(res.body.error.details.length > 0);
    }
    assert.deepEqual((await svc.call('GET', '/v2/webhook-endpoints', { key })).body, { endpoints: [] });
  });

  it('needs an API key, and another account’s endpoint is a 404', async () => {
    const { key, endpoint } = await api.setup('/hooks/mine');
    const { apiKey: other } = await svc.newAccount();
    const paths: [string, string][] = [
      ['POST', '/v2/webhook-endpoints'],
      ['GET', '/v2/webhook-endpoints'],
      ['DELETE', `/v2/webhook-endpoints/${endpoint.id}`],
      ['POST', `/v2/webhook-endpoints/${endpoint.id}/rotate-secret`],
      ['GET', `/v2/webhook-endpoints/${endpoint.id}/deliveries`],
      ['POST', `/v2/webhook-endpoints/${endpoint.id}/deliveries/msg_x/retry`],
    ];
    for (const [method, path] of paths) {
      const res = await svc.call(method, path, method === 'POST' && path.endsWith('endpoints') ? { body: { url: `${rx.url}/x` } } : {});
      assert.equal(res.status, 401, `${method} ${path}`);
      assert.equal(res.body.error.code, 'unauthorized');
    }
    for (const [method, path] of paths.slice(2)) {
      const res = await svc.call(method, path, { key: other });
      assert.equal(res.status, 404, `${method} ${path}`);
      assert.equal(res.body.error.code, 'resource_not_found');
    }
    assert.deepEqual((await svc.call('GET', '/v2/webhook-endpoints', { key: other })).body, { endpoints: [] });
    assert.equal((await svc.call('GET', '/v2/webhook-endpoints', { key })).body.endpoints.length, 1, 'untouched');
  });

  it('sends company.updated to every endpoint: the GET response plus type, signed, one message id', async () => {
    const { key, endpoint: a } = await api.setup('/updated/a');
    const b = await api.createEndpoint(key, '/updated/b');
    const requestId = await api.request(key);
    const final = await eventually(
      async () =>
        rx.at('/updated/a').find((r) => {
          const p = JSON.parse(r.body);
          return p.request?.requestId === requestId && p.request.dataStatus.dataPoints.company.status === 'succeeded';
        }),
      20_000,
    );
    const payload = verify(a.secret, final);
    const get = await svc.call('GET', `/v2/company/${requestId}`, { key });
    assert.deepEqual(payload, { type: 'company.updated', ...get.body });
    assert.equal(payload.company.id, 'ACME');

    assert.match(final.id, /^msg_/);
    assert.equal(final.headers['content-type'], 'application/json');
    assert.match(String(final.headers['user-agent']), /registrum/);
    const ts = Number(final.headers['webhook-timestamp']);
    assert.ok(Math.abs(ts - Date.now() / 1000) < 60, 'Unix seconds, now');
    assert.match(String(final.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);

    const atB = await eventually(async () => rx.at('/updated/b').find((r) => r.id === final.id));
    assert.equal(atB.body, final.body, 'same message, same body at every endpoint');
    assert.deepEqual(verify(b.secret, atB), payload);
    assert.throws(() => verify(b.secret, final), /signature/i, 'each endpoint has its own secret');
    const tampered = { ...final, body: final.body.replace('company.updated', 'company.updatex') };
    assert.throws(() => verify(a.secret, tampered));

    const ids = rx.at('/updated/a').map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, 'one message id per event');
  });

  it('retries with the same message id and body until a 2xx, and logs every attempt', async () => {
    const { key, endpoint } = await api.setup('/flaky');
    rx.on('/flaky', (r) => ({ status: r.nth <= 2 ? 500 : 200 }));
    const requestId = await api.request(key);
    const first = await api.firstFor('/flaky', requestId);
    const all = await eventually(async () => {
      const got = rx.at('/flaky').filter((r) => r.id === first.id);
      return got.length >= 3 && got;
    });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(rx.at('/flaky').filter((r) => r.id === first.id).length, 3, 'no attempt after the success');
    for (const r of all) {
      assert.equal(r.body, first.body);
      verify(endpoint.secret, r);
    }

    const log = (await api.deliveries(key, endpoint.id, `?messageId=${first.id}`)).deliveries;
    assert.deepEqual(
      log.map((d) => [d.attempt, d.status, d.responseStatus, d.trigger]),
      [
        [3, 'succeeded', 200, 'scheduled'],
        [2, 'failed', 500, 'scheduled'],
        [1, 'failed', 500, 'scheduled'],
      ],
    );
    assert.deepEqual(
      log.map((d) => d.responseBody),
      ['ok', 'ok', 'ok'],
      "each attempt keeps the receiver's answer, the batched successes too",
    );
    for (const d of log) {
      assert.match(d.id, /^dlv_/);
      assert.equal(d.messageId, first.id);
      assert.equal(d.eventType, 'company.updated');
      assert.ok(!Number.isNaN(Date.parse(d.createdAt)));
    }
    assert.match(log[1].error, /500/);
    assert.ok(log[1].nextAttemptAt && log[2].nextAttemptAt, 'a failed attempt says when the next is due');
    assert.equal(log[0].nextAttemptAt, undefined);

    const page1 = await api.deliveries(key, endpoint.id, `?messageId=${first.id}&first=2`);
    assert.equal(page1.deliveries.length, 2);
    assert.equal(page1.hasNextPage, true);
    const page2 = await api.deliveries(key, endpoint.id, `?messageId=${first.id}&first=2&after=${page1.nextCursor}`);
    assert.deepEqual(
      page2.deliveries.map((d) => d.attempt),
      [1],
    );
    assert.equal(page2.hasNextPage, false);
  });

  it('gives up when the schedule is exhausted', async () => {
    const { key, endpoint } = await api.setup('/down');
    rx.on('/down', () => ({ status: 503 }));
    const requestId = await api.request(key);
    const first = await api.firstFor('/down', requestId);
    await eventually(async () => rx.at('/down').filter((r) => r.id === first.id).length >= 4);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(rx.at('/down').filter((r) => r.id === first.id).length, 4, 'four entries in the schedule, four attempts');
    const log = (await api.deliveries(key, endpoint.id, `?messageId=${first.id}`)).deliveries;
    assert.deepEqual(
      log.map((d) => d.status),
      ['failed', 'failed', 'failed', 'failed'],
    );
    assert.equal(log[0].nextAttemptAt, undefined, 'no next attempt after the last');
  });

  it('honours Retry-After when it asks for longer than the schedule', async () => {
    const { key, endpoint } = await api.setup('/later');
    rx.on('/later', (r) => (r.nth === 1 ? { status: 503, headers: { 'retry-after': '2' } } : { status: 200 }));
    const requestId = await api.request(key);
    const first = await api.firstFor('/later', requestId);
    const second = await eventually(async () => rx.at('/later').find((r) => r.id === first.id && r.nth === 2), 20_000);
    const gap = second.at - first.at;
    assert.ok(gap >= 1900, `waited ${gap} ms, Retry-After asked for 2000 (the schedule for 50)`);
    // The receiver can see attempt 2 before the service has logged it: wait for both entries.
    const log = await eventually(async () => {
      const entries = (await api.deliveries(key, endpoint.id, `?messageId=${first.id}`)).deliveries;
      return entries.length >= 2 && entries;
    });
    const attempt1 = log.find((d) => d.attempt === 1)!;
    assert.ok(Date.parse(attempt1.nextAttemptAt) - Date.parse(attempt1.createdAt) >= 2000);
  });

  it('disables an endpoint that answers 410 Gone', async () => {
    const { key, endpoint: gone } = await api.setup('/gone');
    const control = await api.createEndpoint(key, '/control');
    rx.on('/gone', () => ({ status: 410 }));
    const first = await api.firstFor('/gone', await api.request(key));
    await eventually(async () => {
      const eps = (await svc.call('GET', '/v2/webhook-endpoints', { key })).body.endpoints;
      return eps.find((e: any) => e.id === gone.id)?.status === 'disabled';
    });
    const ep = (await svc.call('GET', '/v2/webhook-endpoints', { key })).body.endpoints.find((e: any) => e.id === gone.id);
    assert.match(ep.disabledReason, /410/);
    const log = (await api.deliveries(key, gone.id)).deliveries;
    assert.equal(log.length, 1, 'not retried');
    assert.equal(log[0].responseStatus, 410);
    assert.match(log[0].error, /disabled/);

    const nextRequest = await api.request(key, 'ACME-2');
    await api.firstFor('/control', nextRequest);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(
      rx.at('/gone').map((r) => r.id),
      [first.id],
      'nothing more for a disabled endpoint',
    );
    const retry = await svc.call('POST', `/v2/webhook-endpoints/${gone.id}/deliveries/${first.id}/retry`, { key });
    assert.equal(retry.status, 400);
    assert.equal(control.status, 'enabled');
  });

  it('delivers a message again on request, with the same id, and logs it as manual', async () => {
    const { key, endpoint } = await api.setup('/manual');
    const first = await api.firstFor('/manual', await api.request(key));
    await eventually(async () => (await api.deliveries(key, endpoint.id)).deliveries.some((d) => d.messageId === first.id));
    const res = await svc.call('POST', `/v2/webhook-endpoints/${endpoint.id}/deliveries/${first.id}/retry`, { key });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.messageId, first.id);
    assert.equal(res.body.attempt, 2);
    assert.equal(res.body.trigger, 'manual');
    assert.equal(res.body.status, 'succeeded');
    assert.equal(res.body.responseStatus, 200);
    const again = rx.at('/manual').filter((r) => r.id === first.id);
    assert.equal(again.length, 2);
    assert.equal(again[1]!.body, first.body);
    verify(endpoint.secret, again[1]!);
    const log = (await api.deliveries(key, endpoint.id, `?messageId=${first.id}`)).deliveries;
    assert.deepEqual(
      log.map((d) => [d.attempt, d.trigger]),
      [
        [2, 'manual'],
        [1, 'scheduled'],
      ],
    );

    rx.on('/manual', () => ({ status: 500 }));
    const failed = await svc.call('POST', `/v2/webhook-endpoints/${endpoint.id}/deliveries/${first.id}/retry`, { key });
    assert.equal(failed.status, 200);
    assert.equal(failed.body.status, 'failed');
    assert.equal(failed.body.responseStatus, 500);

    assert.equal((await svc.call('POST', `/v2/webhook-endpoints/${endpoint.id}/deliveries/msg_unknown/retry`, { key })).status, 404);
    const { apiKey: other } = await svc.newAccount();
    assert.equal((await svc.call('POST', `/v2/webhook-endpoints/${endpoint.id}/deliveries/${first.id}/retry`, { key: other })).status, 404);
  });

  // Last: it moves the service clock a day forward.
  it('signs with the old and the new secret for 24 hours after a rotation, then with the new one only', async () => {
    const { key, endpoint } = await api.setup('/rotate');
    const oldSecret = endpoint.secret;
    const rotated = await svc.call('POST', `/v2/webhook-endpoints/${endpoint.id}/rotate-secret`, { key });
    assert.equal(rotated.status, 200);
    const newSecret: string = rotated.body.secret;
    assert.match(newSecret, /^whsec_/);
    assert.notEqual(newSecret, oldSecret);
    const clockNow = Date.parse((await svc.call('GET', '/admin/clock', { admin: true })).body.now);
    const expires = Date.parse(rotated.body.previousSecretExpiresAt);
    assert.ok(Math.abs(expires - clockNow - 24 * HOUR) < 60_000, 'the old secret expires in 24 hours');

    const during = await api.firstFor('/rotate', await api.request(key));
    assert.equal(api.signatures(during).length, 2);
    verify(oldSecret, during);
    verify(newSecret, during);

    const moved = await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 24 * HOUR + 60_000 } });
    assert.equal(moved.status, 200);
    const afterwards = await api.firstFor('/rotate', await api.request(key, 'ACME-3'));
    assert.equal(api.signatures(afterwards).length, 1);
    verify(newSecret, afterwards);
    assert.throws(() => verify(oldSecret, afterwards), /No matching signature/);
  });
});
