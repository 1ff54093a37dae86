import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';
import { hiddenField, signedInOwner } from '../support/browser-less.ts';

describe('dashboard: API keys page', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('creates a key shown once that works against the API, lists it, and revokes it', async () => {
    const { client } = await signedInOwner(svc, { email: 'keys@example.com', credits: 1234 });
    const page = await client.get('/dashboard/api-keys');
    assert.equal(page.status, 200);
    assert.match(page.text, /Default key/);
    assert.match(page.text, /last key: create another to revoke it/);

    const created = await client.post('/dashboard/api-keys', { _csrf: hiddenField(page.text, '_csrf'), name: '<script>alert(1)</script>' });
    assert.equal(created.status, 201);
    const key = /data-testid="new-key">(rk_[A-Za-z0-9_-]+)</.exec(created.text)![1]!;
    assert.ok(!created.text.includes('<script>alert(1)</script>'), 'names are escaped');
    assert.match(created.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    const balance = await svc.call('GET', '/v2/billing/balance', { key });
    assert.equal(balance.status, 200);
    assert.equal(balance.body.balanceInCreditCents, 1234);

    const listed = await client.get('/dashboard/api-keys');
    assert.ok(!listed.text.includes(key), 'the key is not shown again');
    const id = /data-key-id="(key_[a-z0-9]+)"><td>&lt;script/.exec(listed.text)![1]!;
    const revoked = await client.post(`/dashboard/api-keys/${id}/revoke`, { _csrf: hiddenField(listed.text, '_csrf') });
    assert.equal(revoked.status, 303);
    assert.equal((await client.get(revoked.location!)).text.includes('has been revoked'), true);
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key })).status, 401);
  });

  it('answers 404 for another account’s key by URL, and leaves it working', async () => {
    const mine = await signedInOwner(svc, { email: 'mine@example.com' });
    const theirs = await svc.newAccount();
    const [their] = await svc.db.query<{ id: string }>('select id from api_keys where account_id = $1', [theirs.id]);
    await svc.call('POST', '/v2/api-keys', { key: theirs.apiKey, body: { name: 'second' } });
    const page = await mine.client.get('/dashboard/api-keys');
    const res = await mine.client.post(`/dashboard/api-keys/${their!.id}/revoke`, { _csrf: hiddenField(page.text, '_csrf') });
    assert.equal(res.status, 404);
    assert.match(res.text, /no API key/);
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: theirs.apiKey })).status, 200);
  });

  it('refuses an empty name with the form again (400)', async () => {
    const { client } = await signedInOwner(svc, { email: 'empty@example.com' });
    const page = await client.get('/dashboard/api-keys');
    const res = await client.post('/dashboard/api-keys', { _csrf: hiddenField(page.text, '_csrf'), name: '   ' });
    assert.equal(res.status, 400);
    assert.match(res.text, /give the key a name/);
  });

  it('answers an unknown dashboard page with its own 404 page, and sends a visitor to sign in', async () => {
    const { client } = await signedInOwner(svc, { email: 'lost@example.com' });
    const res = await client.get('/dashboard/no/such/page');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type')!, /text\/html/);
    assert.match(res.text, /there is no such page/);
    const visitor = await fetch(`${svc.url}/dashboard/no/such/page`, { redirect: 'manual' });
    assert.equal(visitor.status, 303);
  });
});
