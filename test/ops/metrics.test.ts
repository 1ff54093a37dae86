import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { has, parseMetrics, type Sample, sum } from '../support/prometheus.ts';
import { ADMIN_TOKEN, eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

describe('GET /metrics', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  before(async () => {
    // A failing endpoint's second attempt waits an hour: a queued job the depth gauge must show.
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,1h' });
    rx = await WebhookReceiver.start();
    rx.on('/down', () => ({ status: 500 }));
    key = (await svc.newAccount()).apiKey;
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(`${svc.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parseMetrics(await res.text());
  };

  it('needs the operator token', async () => {
    assert.equal((await fetch(`${svc.url}/metrics`)).status, 401);
    assert.equal((await fetch(`${svc.url}/metrics`, { headers: { 'x-api-key': key } })).status, 401);
    assert.equal((await fetch(`${svc.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status, 401);
  });

  it('moves with real requests: HTTP, register calls, jobs, webhooks, monitor checks, credits, queue depth', {
    timeout: 60_000,
  }, async () => {
    const before = await scrape();
    const ep = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/hook` } });
    assert.equal(ep.status, 201);
    const down = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/down` } });
    assert.equal(down.status, 201);

    assert.equal((await svc.call('GET', '/v2/search?country=TEST&query=acme', { key })).status, 200);
    assert.equal((await svc.call('GET', '/v2/search?country=TEST&query=RESOURCE_NOT_FOUND', { key })).status, 404);
    const created = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'ACME-METRICS', countryCode: 'TEST', dataPoints: ['company'] },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const requestId = created.body.request.requestId;
    await eventually(async () => rx.at('/hook').some((r) => JSON.parse(r.body).request?.requestId === requestId), 20_000);
    await eventually(async () => rx.at('/down').length > 0, 20_000);
    const monitor = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ACME-METRICS', countryCode: 'TEST' } });
    assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 25 * 3600_000 } });
    const run = await svc.call('POST', '/admin/monitors/run-checks', { admin: true });
    assert.equal(run.status, 200);
    assert.ok(run.body.checked >= 1, JSON.stringify(run.body));

    const now = await eventually(async () => {
      const s = await scrape();
      return (
        sum(s, 'registrum_webhook_deliveries_total', { outcome: 'failed' }) >
          sum(before, 'registrum_webhook_deliveries_total', { outcome: 'failed' }) && s
      );
    });
    const delta = (name: string, labels: Record<string, string> = {}) => sum(now, name, labels) - sum(before, name, labels);

    assert.equal(delta('registrum_http_request_duration_seconds_count', { route: '/v2/search', status: '200' }), 1);
    assert.equal(delta('registrum_http_request_duration_seconds_count', { route: '/v2/search', status: '404' }), 1);
    assert.equal(delta('registrum_http_request_duration_seconds_count', { route: '/v2/company', method: 'POST', status: '200' }), 1);
    assert.ok(delta('registrum_register_call_duration_seconds_count', { register: 'TEST', operation: 'search', outcome: 'ok' }) >= 1);
    assert.ok(
      delta('registrum_register_call_duration_seconds_count', { register: 'TEST', operation: 'fetch', outcome: 'ok' }) >= 2,
      'company fetch and monitor check',
    );
    assert.ok(
      delta('registrum_job_duration_seconds_count', { queue: 'retrieval.task.TEST', outcome: 'ok' }) >= 1,
      JSON.stringify(now.filter((s) => s.name === 'registrum_job_duration_seconds_count')),
    );
    assert.ok(delta('registrum_webhook_deliveries_total', { event_type: 'company.updated', outcome: 'succeeded' }) >= 1);
    assert.ok(delta('registrum_webhook_delivery_lag_seconds_count', { outcome: 'succeeded' }) >= 1);
    assert.ok(delta('registrum_monitor_checks_total', { outcome: 'success' }) >= 1);
    assert.ok(delta('registrum_credits_charged_cents', { register: 'TEST' }) > 0, 'the company block was charged');
    // The failing endpoint's next attempt waits in the queue.
    assert.ok(sum(now, 'registrum_job_queue_depth', { queue: 'webhook.attempt', state: 'created' }) >= 1);
    assert.ok(has(now, 'registrum_us_ny_snapshot_age_seconds') || !has(before, 'registrum_us_ny_snapshot_age_seconds'));
  });

  it('the Grafana dashboard (ops/grafana) charts only metrics the service exposes, and all of them', async () => {
    const res = await fetch(`${svc.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    const exposed = new Set([...(await res.text()).matchAll(/^# HELP (registrum_\w+) /gm)].map((m) => m[1]!));
    const dashboard = JSON.parse(readFileSync(new URL('../../ops/grafana/registrum.json', import.meta.url), 'utf8'));
    const charted = new Set<string>();
    for (const panel of dashboard.panels)
      for (const target of panel.targets)
        for (const m of String(target.expr).matchAll(/registrum_\w+/g)) charted.add(m[0].replace(/_(bucket|count|sum)$/, ''));
    assert.deepEqual(
      [...charted].filter((n) => !exposed.has(n)),
      [],
      'charted but not exposed',
    );
    assert.deepEqual(
      [...exposed].filter((n) => !charted.has(n)),
      [],
      'exposed but not charted',
    );
  });
});

describe('GET /metrics on a separate address (METRICS_PORT)', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ METRICS_PORT: '0' });
  });
  after(() => svc.close());

  it('is served there without a token, and not on the API address', async () => {
    assert.ok(svc.metricsUrl);
    const res = await fetch(svc.metricsUrl!);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /^# HELP registrum_job_queue_depth /m);
    assert.equal((await fetch(`${svc.url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).status, 404);
  });
});
