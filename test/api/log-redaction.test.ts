import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, startTestService, type TestService } from '../support/service.ts';

/** The service's log output at info level, as the process would print it. */
describe('credentials never reach the logs', () => {
  let svc: TestService;
  let logs = '';
  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    svc = await startTestService({}, { logger: { level: 'info', stream } });
  });
  after(() => svc.close());

  it('logs the path of a signed document URL without its signature, and no API key or operator token', async () => {
    const { apiKey } = await svc.newAccount();
    const post = (body: object) => svc.call('POST', '/v2/company', { key: apiKey, body: { countryCode: 'TEST', ...body } });
    const list = await post({ id: 'LOGGED-1', mode: 'onboarding', dataPoints: ['availableDocuments'] });
    const documentId = list.body.availableDocuments.find((d: any) => d.type === 'tradeRegisterExtract').id;
    const retrieved = await post({ id: 'LOGGED-1', mode: 'onboarding', documents: [documentId] });
    const url = new URL(retrieved.body.documents.tradeRegisterExtract.url as string);
    const signature = url.searchParams.get('signature')!;
    assert.ok(signature.length > 20);
    assert.equal((await fetch(url)).status, 200);
    const wrongKey = 'rk_guessed-key-that-must-not-be-logged';
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: wrongKey })).status, 401);
    const wrongToken = 'guessed-operator-token-not-to-log';
    const admin = await svc.call('GET', '/admin/clock', { headers: { authorization: `Bearer ${wrongToken}` } });
    assert.equal(admin.status, 401);

    assert.ok(logs.includes(url.pathname), 'the document path is logged');
    assert.ok(logs.includes('/v2/billing/balance'));
    for (const secret of [signature, apiKey, wrongKey, ADMIN_TOKEN, wrongToken]) {
      assert.ok(!logs.includes(secret), `${secret.slice(0, 12)}… is in the logs`);
    }
  });

  it('logs neither a dashboard set-up token nor a password nor a session cookie', async () => {
    const created = await svc.call('POST', '/admin/accounts', {
      admin: true,
      body: { name: 'Logged', owner: { email: 'logged@example.com' } },
    });
    const token = new URL(created.body.setupUrl).pathname.split('/').pop()!;
    const form = await fetch(created.body.setupUrl);
    const formCookie = form.headers.getSetCookie()[0]!.split(';')[0]!;
    const field = /name="_form" value="([^"]+)"/.exec(await form.text())![1]!;
    const password = 'a password that must not be logged';
    const done = await fetch(created.body.setupUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _form: field, password, confirm: password }).toString(),
    });
    assert.equal(done.status, 303);
    const session = done.headers
      .getSetCookie()
      .find((c) => c.startsWith('registrum_session='))!
      .split(';')[0]!
      .split('=')[1]!;
    assert.equal((await fetch(`${svc.url}/dashboard`, { headers: { cookie: `registrum_session=${session}` } })).status, 200);
    assert.ok(logs.includes('/dashboard/setup/[redacted]'), 'the set-up path is logged without its token');
    for (const secret of [token, password, session]) assert.ok(!logs.includes(secret), `${secret.slice(0, 12)}… is in the logs`);
  });

  it("redacts credential headers and webhook secrets when a log line carries them (the service's own logger)", async () => {
    const secret = 'whsec_c2VjcmV0LW5vdC10by1sb2c';
    svc.app.log.info(
      {
        req: { url: '/v2/files/f1?expires=1&signature=sig-not-to-log', headers: { 'x-api-key': 'rk_header-not-to-log', cookie: 'c=1' } },
        res: { headers: { 'set-cookie': 'session-not-to-log' } },
        headers: { authorization: 'Bearer token-not-to-log' },
        endpoint: { secret, body: { secret } },
      },
      'a log line with credentials',
    );
    const line = logs.split('\n').find((l) => l.includes('a log line with credentials'))!;
    assert.ok(line.includes('/v2/files/f1'));
    for (const value of ['sig-not-to-log', 'rk_header-not-to-log', 'session-not-to-log', 'token-not-to-log', secret]) {
      assert.ok(!line.includes(value), `${value} is in the logs`);
    }
  });
});
