import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';
import { FormClient, hiddenField, signedInOwner } from '../support/browser-less.ts';

describe('dashboard users: set-up link, sign-in, sessions, lock-out, password change', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('creates an account with its owner and a one-time set-up link that signs the owner in', async () => {
    const created = await svc.call('POST', '/admin/accounts', {
      admin: true,
      body: { name: 'Owner Bank', credits: 4200, owner: { email: 'Alice@Example.com' } },
    });
    assert.equal(created.status, 201);
    assert.match(created.body.setupUrl, new RegExp(`^${svc.url}/dashboard/setup/[A-Za-z0-9_-]{43}$`));
    const link = new URL(created.body.setupUrl).pathname;
    const browser = new FormClient(svc.url);
    const form = await browser.get(link);
    assert.equal(form.status, 200);
    assert.match(form.text, /alice@example\.com/);
    assert.equal(form.headers.get('referrer-policy'), 'no-referrer', 'the token stays out of other sites’ logs');

    const weak = await browser.post(link, { _form: hiddenField(form.text, '_form'), password: 'short', confirm: 'short' });
    assert.equal(weak.status, 400);
    assert.match(weak.text, /at least 12 characters/);

    const again = hiddenField(weak.text, '_form');
    const ok = await browser.post(link, { _form: again, password: 'a long enough passphrase', confirm: 'a long enough passphrase' });
    assert.equal(ok.status, 303);
    assert.equal(ok.location, '/dashboard');
    const cookie = browser.lastSetCookie.find((c) => c.startsWith('registrum_session='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\/dashboard/);
    assert.doesNotMatch(cookie, /Secure/, 'plain http on loopback');

    const home = await browser.get('/dashboard');
    assert.equal(home.status, 200);
    assert.match(home.text, /4,200 credit cents/);
    assert.match(home.text, /Owner Bank/);

    const reused = await new FormClient(svc.url).get(link);
    assert.equal(reused.status, 404, 'a set-up link works once');
    const stored = await svc.db.query<{ password_hash: string }>('select password_hash from account_users where email = $1', [
      'alice@example.com',
    ]);
    assert.match(stored[0]!.password_hash, /^scrypt\$65536\$8\$1\$/);
    assert.ok(!JSON.stringify(await svc.db.query('select * from user_setup_tokens')).includes(link.split('/').pop()!));
  });

  it('refuses a second sign-in with an e-mail already in use (409), and creates no account', async () => {
    await svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'A', owner: { email: 'dup@example.com' } } });
    const before = await svc.db.query<{ n: number }>('select count(*)::int8 as n from accounts');
    const dup = await svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'B', owner: { email: 'DUP@example.com' } } });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error.code, 'invalid_request');
    const after = await svc.db.query<{ n: number }>('select count(*)::int8 as n from accounts');
    assert.equal(after[0]!.n, before[0]!.n);
    const bad = await svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'C', owner: { email: 'not an address' } } });
    assert.equal(bad.status, 400);
  });

  it('sends a signed-out visitor to the sign-in page and back to where they were going', async () => {
    const { password } = await signedInOwner(svc, { email: 'bob@example.com' });
    const visitor = new FormClient(svc.url);
    const page = await visitor.get('/dashboard/account');
    assert.equal(page.status, 303);
    assert.equal(page.location, '/dashboard/sign-in?next=%2Fdashboard%2Faccount');
    const form = await visitor.get(page.location!);
    const signedIn = await visitor.post('/dashboard/sign-in', {
      _form: hiddenField(form.text, '_form'),
      next: hiddenField(form.text, 'next'),
      email: 'BOB@example.com',
      password,
    });
    assert.equal(signedIn.status, 303);
    assert.equal(signedIn.location, '/dashboard/account');
    assert.equal((await visitor.get('/dashboard/account')).status, 200);

    // Somewhere else than the dashboard is never followed.
    const evil = await visitor.post('/dashboard/sign-in', {
      _form: hiddenField((await visitor.get('/dashboard/sign-in')).text, '_form'),
      next: 'https://evil.example/dashboard',
      email: 'bob@example.com',
      password,
    });
    assert.equal(evil.location, '/dashboard');
  });

  it('signs out: the session no longer opens pages', async () => {
    const { client } = await signedInOwner(svc, { email: 'carol@example.com' });
    const home = await client.get('/dashboard');
    const sessionCookie = client.cookies.get('registrum_session')!;
    const out = await client.post('/dashboard/sign-out', { _csrf: hiddenField(home.text, '_csrf') });
    assert.equal(out.status, 303);
    const replay = new FormClient(svc.url);
    replay.cookies.set('registrum_session', sessionCookie);
    assert.equal((await replay.get('/dashboard')).status, 303, 'the old cookie is dead in the store, not just in the browser');
  });

  it('locks a sign-in out after five wrong passwords, the right one included, until 15 minutes pass', async () => {
    const { password } = await signedInOwner(svc, { email: 'dave@example.com' });
    const browser = new FormClient(svc.url);
    const attempt = async (pw: string) => {
      const form = await browser.get('/dashboard/sign-in');
      return browser.post('/dashboard/sign-in', { _form: hiddenField(form.text, '_form'), email: 'dave@example.com', password: pw });
    };
    for (let i = 0; i < 4; i++) {
      const wrong = await attempt(`wrong guess ${i}`);
      assert.equal(wrong.status, 401);
      assert.match(wrong.text, /Wrong e-mail or password/);
    }
    const fifth = await attempt('wrong guess 5');
    assert.equal(fifth.status, 429);
    assert.match(fifth.text, /locked until/);
    assert.equal((await attempt(password)).status, 429, 'the right password is refused while locked');
    const unknown = await attempt('anything at all');
    assert.equal(unknown.status, 429);

    const clock = await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 15 * 60_000 + 1000 } });
    assert.equal(clock.status, 200);
    assert.equal((await attempt(password)).status, 303);
  });

  it('an unknown e-mail is the same answer as a wrong password', async () => {
    const browser = new FormClient(svc.url);
    const form = await browser.get('/dashboard/sign-in');
    const res = await browser.post('/dashboard/sign-in', {
      _form: hiddenField(form.text, '_form'),
      email: 'nobody@example.com',
      password: 'x',
    });
    assert.equal(res.status, 401);
    assert.match(res.text, /Wrong e-mail or password/);
  });

  it('refuses forms without their CSRF token (403), signed in or not', async () => {
    const { client, password } = await signedInOwner(svc, { email: 'erin@example.com' });
    const noToken = await client.post('/dashboard/account/password', {
      current: password,
      password: 'another passphrase',
      confirm: 'another passphrase',
    });
    assert.equal(noToken.status, 403);
    const wrongToken = await client.post('/dashboard/account/password', {
      _csrf: 'x'.repeat(43),
      current: password,
      password: 'another passphrase',
      confirm: 'another passphrase',
    });
    assert.equal(wrongToken.status, 403);
    // A sign-in form posted from elsewhere has no form cookie.
    const crossSite = await new FormClient(svc.url).post('/dashboard/sign-in', { _form: 'forged', email: 'erin@example.com', password });
    assert.equal(crossSite.status, 403);
  });

  it('changes a password: the current one is checked, other sessions end, the new one signs in', async () => {
    const { client, password } = await signedInOwner(svc, { email: 'frank@example.com' });
    const other = new FormClient(svc.url);
    const form = await other.get('/dashboard/sign-in');
    await other.post('/dashboard/sign-in', { _form: hiddenField(form.text, '_form'), email: 'frank@example.com', password });
    assert.equal((await other.get('/dashboard')).status, 200);

    const page = await client.get('/dashboard/account');
    const csrf = hiddenField(page.text, '_csrf');
    const wrong = await client.post('/dashboard/account/password', {
      _csrf: csrf,
      current: 'not it',
      password: 'a new passphrase!',
      confirm: 'a new passphrase!',
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.text, /current password is not right/);
    const ok = await client.post('/dashboard/account/password', {
      _csrf: csrf,
      current: password,
      password: 'a new passphrase!',
      confirm: 'a new passphrase!',
    });
    assert.equal(ok.status, 200);
    assert.match(ok.text, /password has been changed/);
    assert.equal((await client.get('/dashboard')).status, 200, 'this session stays');
    assert.equal((await other.get('/dashboard')).status, 303, 'the other session ended');

    const fresh = new FormClient(svc.url);
    const f2 = await fresh.get('/dashboard/sign-in');
    const old = await fresh.post('/dashboard/sign-in', { _form: hiddenField(f2.text, '_form'), email: 'frank@example.com', password });
    assert.equal(old.status, 401);
    const f3 = await fresh.get('/dashboard/sign-in');
    const neu = await fresh.post('/dashboard/sign-in', {
      _form: hiddenField(f3.text, '_form'),
      email: 'frank@example.com',
      password: 'a new passphrase!',
    });
    assert.equal(neu.status, 303);
  });

  it('lets an owner invite a member, who cannot invite in turn', async () => {
    const { client } = await signedInOwner(svc, { email: 'grace@example.com' });
    const page = await client.get('/dashboard/account');
    const invited = await client.post('/dashboard/account/members', { _csrf: hiddenField(page.text, '_csrf'), email: 'heidi@example.com' });
    assert.equal(invited.status, 201);
    const link = /(\/dashboard\/setup\/[A-Za-z0-9_-]+)/.exec(invited.text)![1]!;
    const member = new FormClient(svc.url);
    const form = await member.get(link);
    const done = await member.post(link, {
      _form: hiddenField(form.text, '_form'),
      password: 'member passphrase',
      confirm: 'member passphrase',
    });
    assert.equal(done.status, 303);
    const memberPage = await member.get('/dashboard/account');
    assert.match(memberPage.text, /grace@example\.com/, 'the member sees the same account’s people');
    assert.match(memberPage.text, /Only an owner can invite/);
    const refused = await member.post('/dashboard/account/members', {
      _csrf: hiddenField(memberPage.text, '_csrf'),
      email: 'ivan@example.com',
    });
    assert.equal(refused.status, 403);
  });

  it('marks the session cookie Secure behind an https proxy', async () => {
    const { password } = await signedInOwner(svc, { email: 'judy@example.com' });
    const browser = new FormClient(svc.url);
    const form = await browser.get('/dashboard/sign-in', { 'x-forwarded-proto': 'https' });
    const res = await browser.post(
      '/dashboard/sign-in',
      { _form: hiddenField(form.text, '_form'), email: 'judy@example.com', password },
      { 'x-forwarded-proto': 'https' },
    );
    assert.equal(res.status, 303);
    assert.match(browser.lastSetCookie.find((c) => c.startsWith('registrum_session='))!, /; Secure/);
  });
});
