import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

describe('/v2/api-keys: several keys per account, shown once, stored hashed, revocable', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('creates a second key that works at once, shows it once and lists it without the key', async () => {
    const { id, apiKey } = await svc.newAccount({ credits: 777 });
    const created = await svc.call('POST', '/v2/api-keys', { key: apiKey, body: { name: 'CI' } });
    assert.equal(created.status, 201);
    assert.match(created.body.id, /^key_/);
    assert.equal(created.body.name, 'CI');
    assert.match(created.body.key, /^rk_/);
    assert.equal(created.body.prefix, created.body.key.slice(0, 8));
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: created.body.key })).body.balanceInCreditCents, 777);

    const list = await svc.call('GET', '/v2/api-keys', { key: created.body.key });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.apiKeys.map((k: any) => k.name),
      ['Default key', 'CI'],
    );
    assert.ok(!JSON.stringify(list.body).includes(created.body.key), 'never the key itself');
    assert.ok(!JSON.stringify(list.body).includes(apiKey));
    const stored = JSON.stringify(await svc.db.query('select * from api_keys where account_id = $1', [id]));
    assert.ok(!stored.includes(created.body.key), 'stored hashed only');

    // Last use is recorded off the request path, at most once a minute per key.
    const used = await eventually(async () => {
      const l = await svc.call('GET', '/v2/api-keys', { key: apiKey });
      const ci = l.body.apiKeys.find((k: any) => k.name === 'CI');
      return ci.lastUsedAt ? ci : undefined;
    });
    assert.ok(Date.parse(used.lastUsedAt) > 0);
  });

  it('revokes a key: it answers 401 at once; the last key cannot be revoked (409)', async () => {
    const { apiKey } = await svc.newAccount();
    const second = await svc.call('POST', '/v2/api-keys', { key: apiKey, body: { name: 'temporary' } });
    const list = await svc.call('GET', '/v2/api-keys', { key: apiKey });
    const first = list.body.apiKeys.find((k: any) => k.name === 'Default key');

    // Used once first, so that the key sits in the authentication cache when it is revoked.
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: second.body.key })).status, 200);
    const revoked = await svc.call('DELETE', `/v2/api-keys/${second.body.id}`, { key: apiKey });
    assert.equal(revoked.status, 204);
    const dead = await svc.call('GET', '/v2/billing/balance', { key: second.body.key });
    assert.equal(dead.status, 401);
    const again = await svc.call('DELETE', `/v2/api-keys/${second.body.id}`, { key: apiKey });
    assert.equal(again.status, 404, 'a revoked key is gone');

    const last = await svc.call('DELETE', `/v2/api-keys/${first.id}`, { key: apiKey });
    assert.equal(last.status, 409);
    assert.equal(last.body.error.code, 'invalid_request');
    assert.match(last.body.error.message, /last API key/);
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: apiKey })).status, 200);
  });

  it('keeps accounts apart: another account’s key is a 404 and stays working', async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    await svc.call('POST', '/v2/api-keys', { key: b.apiKey, body: { name: 'b2' } });
    const bKeys = await svc.call('GET', '/v2/api-keys', { key: b.apiKey });
    const target = bKeys.body.apiKeys[0].id;
    const res = await svc.call('DELETE', `/v2/api-keys/${target}`, { key: a.apiKey });
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, 'resource_not_found');
    assert.equal((await svc.call('GET', '/v2/api-keys', { key: a.apiKey })).body.apiKeys.length, 1, 'A sees only its own');
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key: b.apiKey })).status, 200);
  });

  it('validates names and ids with 400s', async () => {
    const { apiKey } = await svc.newAccount();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }]) {
      const res = await svc.call('POST', '/v2/api-keys', { key: apiKey, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error.code, 'invalid_request');
    }
    // An unknown field is ignored and named, as the incumbent's API does (README, incumbent compatibility).
    const extra = await svc.call('POST', '/v2/api-keys', { key: apiKey, body: { name: 'ok', extra: 1 } });
    assert.equal(extra.status, 201);
    assert.equal(extra.headers.get('x-ignored-fields'), 'body.extra');
    assert.equal((await svc.call('DELETE', `/v2/api-keys/${'k'.repeat(101)}`, { key: apiKey })).status, 400);
    assert.equal((await svc.call('GET', '/v2/api-keys')).status, 401);
  });
});
