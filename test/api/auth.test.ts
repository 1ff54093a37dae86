import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

describe('accounts, API keys and the operator API', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '1000' });
  });
  after(() => svc.close());

  it('refuses /v2 calls without a key, with the error envelope', async () => {
    const res = await svc.call('GET', '/v2/billing/balance');
    assert.equal(res.status, 401);
    assert.equal(res.body.statusCode, 401);
    assert.equal(res.body.error.code, 'unauthorized');
    assert.match(res.body.error.message, /x-api-key/);
  });

  it('refuses an unknown key', async () => {
    const res = await svc.call('GET', '/v2/billing/balance', { key: 'rk_not-a-real-key' });
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'unauthorized');
  });

  it('refuses the operator API without the admin token, and with a wrong one', async () => {
    const none = await svc.call('POST', '/admin/accounts', { body: { name: 'x' } });
    assert.equal(none.status, 401);
    const wrong = await svc.call('POST', '/admin/accounts', { body: { name: 'x' }, headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error.code, 'unauthorized');
  });

  it('creates an account whose key works at once and is stored only hashed', async () => {
    const created = await svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'Acme Bank', credits: 5000 } });
    assert.equal(created.status, 201);
    assert.equal(created.body.name, 'Acme Bank');
    assert.equal(created.body.balanceInCreditCents, 5000);
    assert.match(created.body.apiKey, /^rk_/);
    const balance = await svc.call('GET', '/v2/billing/balance', { key: created.body.apiKey });
    assert.equal(balance.status, 200);
    assert.equal(balance.body.balanceInCreditCents, 5000);
    assert.equal(balance.body.status, 'low');
    const rows = await svc.db.query<{ key_hash: string }>('select key_hash from api_keys where account_id = $1', [created.body.id]);
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0]!.key_hash, created.body.apiKey);
    assert.ok(!JSON.stringify(await svc.db.query('select * from api_keys')).includes(created.body.apiKey));
  });

  it('validates account creation', async () => {
    const res = await svc.call('POST', '/admin/accounts', { admin: true, body: { name: '', credits: -5 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.ok(res.body.error.details.some((d: string) => d.includes('name')));
    assert.ok(res.body.error.details.some((d: string) => d.includes('credits')));
  });

  it('adds and withdraws credits; unknown account is 404', async () => {
    const { id, apiKey } = await svc.newAccount({ credits: 100 });
    const add = await svc.call('POST', `/admin/accounts/${id}/credits`, { admin: true, body: { amount: 250 } });
    assert.equal(add.status, 200);
    assert.equal(add.body.balanceInCreditCents, 350);
    const take = await svc.call('POST', `/admin/accounts/${id}/credits`, { admin: true, body: { amount: -350 } });
    assert.equal(take.body.balanceInCreditCents, 0);
    const balance = await svc.call('GET', '/v2/billing/balance', { key: apiKey });
    assert.equal(balance.body.balanceInCreditCents, 0);
    assert.equal(balance.body.status, 'depleted');
    const missing = await svc.call('POST', '/admin/accounts/acc_missing/credits', { admin: true, body: { amount: 1 } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.error.code, 'resource_not_found');
    const bad = await svc.call('POST', `/admin/accounts/${id}/credits`, { admin: true, body: { amount: 1.5 } });
    assert.equal(bad.status, 400);
  });

  it('answers unknown routes with the envelope', async () => {
    const { apiKey } = await svc.newAccount();
    const res = await svc.call('GET', '/v2/nope', { key: apiKey });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'resource_not_found');
  });

  it('rejects malformed JSON and oversized bodies with 4xx', async () => {
    const { apiKey } = await svc.newAccount();
    const broken = await svc.call('POST', '/v2/company', { key: apiKey, body: '{"id": ' });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.error.code, 'invalid_request');
    const huge = await svc.call('POST', '/v2/company', {
      key: apiKey,
      body: { id: 'x', countryCode: 'TEST', metadata: { a: 'x'.repeat(400_000) } },
    });
    assert.equal(huge.status, 413);
    assert.equal(huge.body.error.code, 'invalid_request');
  });
});

describe('rate limits', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '3' });
  });
  after(() => svc.close());

  it('counts per key, sends RateLimit headers and a 429 with Retry-After', async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const first = await svc.call('GET', '/v2/billing/balance', { key: a.apiKey });
    assert.equal(first.headers.get('ratelimit-limit'), '3');
    assert.equal(first.headers.get('ratelimit-remaining'), '2');
    assert.ok(Number(first.headers.get('ratelimit-reset')) > 0);
    await svc.call('GET', '/v2/billing/balance', { key: a.apiKey });
    await svc.call('GET', '/v2/billing/balance', { key: a.apiKey });
    const limited = await svc.call('GET', '/v2/billing/balance', { key: a.apiKey });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, 'rate_limited');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    const other = await svc.call('GET', '/v2/billing/balance', { key: b.apiKey });
    assert.equal(other.status, 200, 'another key has its own budget');
  });
});
