import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { hiddenField, signedInOwner, type FormClient } from '../support/browser-less.ts';
import { WebhookReceiver, verify } from '../support/webhook-receiver.ts';

/** The pages over real HTTP, as a browser without JavaScript uses them (test/browser drives a real Chromium). */
describe('dashboard pages: webhooks, requests, monitors, billing, playground, and accounts kept apart', () => {
  let svc: TestService;
  let receiver: WebhookReceiver;
  let owner: { client: FormClient; accountId: string; apiKey: string };
  before(async () => {
    // Automatic retries an hour apart: the test retries by hand.
    svc = await startTestService({ WEBHOOK_RETRY_SCHEDULE: '0,1h' });
    receiver = await WebhookReceiver.start();
    owner = await signedInOwner(svc, { email: 'pages@example.com', credits: 500_000 });
  });
  after(async () => {
    await receiver.close();
    await svc.close();
  });

  const csrfOf = async (path: string) => hiddenField((await owner.client.get(path)).text, '_csrf');

  it('adds an endpoint (secret shown once), sends a test event that fails, and a retry that succeeds', async () => {
    let answer = 500;
    // A refusal with a body longer than the 1 KiB kept, with markup that must show as text.
    const refusal = `<b>quota exceeded</b> ${'x'.repeat(2000)}`;
    receiver.on('/hook', () => ({ status: answer, ...(answer === 500 ? { body: refusal } : {}) }));
    const list = await owner.client.get('/dashboard/webhooks');
    assert.match(list.text, /No endpoint yet/);
    const added = await owner.client.post('/dashboard/webhooks', {
      _csrf: hiddenField(list.text, '_csrf'),
      url: `${receiver.url}/hook`,
      description: '<b>ops</b>',
    });
    assert.equal(added.status, 201);
    const secret = /data-testid="secret">(whsec_[^<]+)</.exec(added.text)![1]!;
    assert.match(added.text, /&lt;b&gt;ops&lt;\/b&gt;/);
    const endpointPath = /href="(\/dashboard\/webhooks\/whe_[a-z0-9]+)"/.exec(added.text)![1]!;
    assert.ok(!(await owner.client.get('/dashboard/webhooks')).text.includes(secret), 'the secret is not shown again');

    const sent = await owner.client.post(`${endpointPath}/test`, { _csrf: await csrfOf(endpointPath) });
    assert.equal(sent.status, 303);
    const first = await eventually(async () => receiver.at('/hook')[0]);
    assert.equal(verify(secret, first).type, 'webhook.test', 'signed with the secret the page showed');
    const failed = await eventually(async () => {
      const page = await owner.client.get(endpointPath);
      return /class="status pending">pending/.test(page.text) && /<td class="num">1<\/td>/.test(page.text) ? page : undefined;
    });
    assert.match(failed.text, /webhook\.test/);
    assert.match(failed.text, /&quot;type&quot;:&quot;webhook\.test&quot;/, 'the body excerpt');
    const messagePath = new RegExp(`href="(${endpointPath}/messages/msg_[a-z0-9]+)"`).exec(failed.text)![1]!;
    const message = await owner.client.get(messagePath);
    assert.match(message.text, /the endpoint answered 500/);
    assert.match(message.text, /<code class="response">&lt;b&gt;quota exceeded&lt;\/b&gt; x+<\/code>/, 'the answer, escaped');
    assert.ok(!message.text.includes('<b>quota exceeded</b>'));
    const endpointId = /whe_[a-z0-9]+/.exec(endpointPath)![0];
    const api = await svc.call('GET', `/v2/webhook-endpoints/${endpointId}/deliveries`, { key: owner.apiKey });
    assert.equal(api.status, 200);
    assert.equal(api.body.deliveries[0].responseStatus, 500);
    assert.equal(api.body.deliveries[0].responseBody, refusal.slice(0, 1024), 'the first 1 KiB of the answer');

    answer = 200;
    const retried = await owner.client.post(`${messagePath}/retry`, { _csrf: hiddenField(message.text, '_csrf') });
    assert.equal(retried.status, 303);
    const after = await owner.client.get(retried.location!);
    assert.match(after.text, /Sent again/);
    assert.match(after.text, /class="status succeeded">succeeded/);
    assert.match(after.text, /<td class="num">2<\/td><td>.*<\/td><td>manual<\/td>/s);
    assert.match(after.text, /<code class="response">ok<\/code>/, "the retry's answer");

    const rotated = await owner.client.post(`${endpointPath}/rotate`, { _csrf: await csrfOf(endpointPath) });
    assert.equal(rotated.status, 200);
    const newSecret = /data-testid="secret">(whsec_[^<]+)</.exec(rotated.text)![1]!;
    assert.notEqual(newSecret, secret);
  });

  it('retrieves a company from the playground and follows the verification request to succeeded, with its billing events', async () => {
    const search = await owner.client.get('/dashboard/playground?country=TEST&query=acme');
    assert.equal(search.status, 200);
    assert.match(search.text, /result\(s\)/);
    const id = /name="id" value="([^"]+)"/.exec(search.text)![1]!;
    const retrieve = await owner.client.post('/dashboard/playground/retrieve', {
      _csrf: hiddenField(search.text, '_csrf'),
      countryCode: 'TEST',
      id,
      mode: 'verification',
      dataPoints: 'company',
    });
    assert.equal(retrieve.status, 303);
    const requestPath = retrieve.location!;
    assert.match(requestPath, /^\/dashboard\/requests\/req_/);
    const done = await eventually(async () => {
      const page = await owner.client.get(requestPath);
      return page.text.includes('<h2 id="progress-h">Finished</h2>') ? page : undefined;
    }, 30_000);
    assert.match(done.text, /<td>company<\/td><td><span class="status succeeded">succeeded/);
    assert.match(done.text, /class="status charged">charged/);
    assert.match(done.text, /&quot;legalName&quot;/, 'the result as JSON');
    assert.doesNotMatch(done.text, /data-refresh/, 'a finished request does not reload itself');

    const list = await owner.client.get('/dashboard/requests');
    assert.ok(list.text.includes(requestPath), 'listed, newest first');
    const billing = await owner.client.get('/dashboard/billing?country=TEST');
    assert.match(billing.text, /Usage per day/);
    assert.match(
      billing.text,
      /id="per-workspace"[\s\S]*<span class="muted">No workspace<\/span><\/td>\n<td class="num">1<\/td>/,
      'the request, made without a workspace, on its own row',
    );
    assert.ok(billing.text.includes(requestPath), 'its billing event on the billing page');
    assert.match(billing.text, /TEST: price per block/);
    const balance = await svc.call('GET', '/v2/billing/balance', { key: owner.apiKey });
    assert.ok(billing.text.includes(`${balance.body.balanceInCreditCents.toLocaleString('en-GB')} credit cents`));
  });

  it('shows a playground mistake as a 4xx on the page, never a 500', async () => {
    const empty = await owner.client.get('/dashboard/playground?country=TEST&query=');
    assert.equal(empty.status, 400);
    assert.match(empty.text, /query must not be empty/);
    const unknown = await owner.client.get('/dashboard/playground?country=XX&query=acme');
    assert.equal(unknown.status, 400);
    const noDp = await owner.client.post('/dashboard/playground/retrieve', {
      _csrf: await csrfOf('/dashboard/playground'),
      countryCode: 'TEST',
      id: 'ACME',
      mode: 'onboarding',
    });
    assert.equal(noDp.status, 400);
    assert.match(noDp.text, /choose at least one data point/);
    const notFound = await owner.client.post('/dashboard/playground/retrieve', {
      _csrf: await csrfOf('/dashboard/playground'),
      countryCode: 'TEST',
      id: 'RESOURCE_NOT_FOUND',
      mode: 'onboarding',
      dataPoints: 'company',
    });
    assert.equal(notFound.status, 404);
  });

  it('creates a monitor, shows its check log, and stops it', async () => {
    const page = await owner.client.get('/dashboard/monitors');
    assert.match(page.text, /No monitor yet/);
    const created = await owner.client.post('/dashboard/monitors', {
      _csrf: hiddenField(page.text, '_csrf'),
      countryCode: 'TEST',
      companyId: 'ACME-HOLDING',
    });
    assert.equal(created.status, 303);
    const monitorPath = created.location!.split('?')[0]!;
    const detail = await owner.client.get(created.location!);
    assert.match(detail.text, /class="status active">active/);
    assert.match(detail.text, /No change detected yet/);
    assert.match(detail.text, /<th scope="col">Read from<\/th>/);
    assert.match(
      detail.text,
      /<td><span class="status success">success<\/span><\/td><td>register<\/td>/,
      'the first check read the register',
    );
    const stopped = await owner.client.post(`${monitorPath}/stop`, { _csrf: hiddenField(detail.text, '_csrf') });
    assert.equal(stopped.status, 303);
    const after = await owner.client.get(stopped.location!);
    assert.match(after.text, /has been stopped/);
    assert.match(after.text, /class="status deactivated">deactivated/);
    assert.doesNotMatch(after.text, /Stop monitor/);
    const bad = await owner.client.post('/dashboard/monitors', {
      _csrf: hiddenField(detail.text, '_csrf'),
      countryCode: 'TEST',
      companyId: '',
    });
    assert.equal(bad.status, 400);
  });

  it('pages through thousands of rows with a cursor, newest first', async () => {
    const { accountId } = await signedInOwner(svc, { email: 'many@example.com' }).then(async (o) => {
      owner2 = o;
      return o;
    });
    // 2,100 stored requests: what the list reads, without running the engine 2,100 times.
    await svc.db.query(
      `insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, created_at, updated_at)
       select 'req_bulk' || lpad(g::text, 5, '0'), $1, 'TEST', 'BULK-' || g, 'onboarding', '["company"]', '[]',
              timestamptz '2026-01-01' + g * interval '1 second', timestamptz '2026-01-01' + g * interval '1 second'
         from generate_series(1, 2100) g`,
      [accountId],
    );
    const first = await owner2.client.get('/dashboard/requests');
    assert.equal((first.text.match(/href="\/dashboard\/requests\/req_bulk/g) ?? []).length, 50);
    assert.ok(first.text.indexOf('req_bulk02100') < first.text.indexOf('req_bulk02099'), 'newest first');
    let next = /href="([^"]+)" rel="next"/.exec(first.text)?.[1]?.replace(/&amp;/g, '&');
    let seen = 50;
    while (next) {
      const page = await owner2.client.get(next);
      seen += (page.text.match(/href="\/dashboard\/requests\/req_bulk/g) ?? []).length;
      next = /href="([^"]+)" rel="next"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&');
    }
    assert.equal(seen, 2100);
    assert.equal((await owner2.client.get('/dashboard/requests?after=not-a-cursor')).status, 400);
  });
  let owner2: { client: FormClient; accountId: string };

  it('never shows another account’s data: their ids by URL are 404, their rows are not listed', async () => {
    const other = await signedInOwner(svc, { email: 'other@example.com' });
    const ownerRequests = await svc.db.query<{ id: string }>('select id from requests where account_id = $1 limit 1', [owner.accountId]);
    const ownerMonitors = await svc.db.query<{ id: string }>('select id from monitors where account_id = $1 limit 1', [owner.accountId]);
    const ownerEndpoints = await svc.db.query<{ id: string }>('select id from webhook_endpoints where account_id = $1 limit 1', [
      owner.accountId,
    ]);
    const ownerMessages = await svc.db.query<{ id: string }>('select id from webhook_messages where account_id = $1 limit 1', [
      owner.accountId,
    ]);
    const req = ownerRequests[0]!.id;
    const mon = ownerMonitors[0]!.id;
    const whe = ownerEndpoints[0]!.id;
    const msg = ownerMessages[0]!.id;
    for (const path of [
      `/dashboard/requests/${req}`,
      `/dashboard/monitors/${mon}`,
      `/dashboard/webhooks/${whe}`,
      `/dashboard/webhooks/${whe}/messages/${msg}`,
    ]) {
      const res = await other.client.get(path);
      assert.equal(res.status, 404, path);
      assert.match(res.text, /Not found/);
    }
    const csrf = hiddenField((await other.client.get('/dashboard')).text, '_csrf');
    for (const path of [
      `/dashboard/monitors/${mon}/stop`,
      `/dashboard/webhooks/${whe}/delete`,
      `/dashboard/webhooks/${whe}/rotate`,
      `/dashboard/webhooks/${whe}/test`,
      `/dashboard/webhooks/${whe}/messages/${msg}/retry`,
    ]) {
      assert.equal((await other.client.post(path, { _csrf: csrf })).status, 404, path);
    }
    assert.match((await other.client.get('/dashboard/billing')).text, /No request this month\. Create a workspace/, 'empty state');
    for (const path of ['/dashboard/requests', '/dashboard/monitors', '/dashboard/webhooks', '/dashboard/billing']) {
      const page = await other.client.get(path);
      for (const id of [req, mon, whe]) assert.ok(!page.text.includes(id), `${path} shows nothing of the other account`);
    }
    // And the owner still has them.
    assert.equal((await owner.client.get(`/dashboard/webhooks/${whe}`)).status, 200);
  });
});
