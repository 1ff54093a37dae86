import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FAILED_AUTHENTICATION_COST } from '../../src/http/address-rate-limit.ts';
import { startTestService, type TestService } from '../support/service.ts';

const PER_ADDRESS = 5 * FAILED_AUTHENTICATION_COST;

/** The per-address budget is spent before authentication: guessing keys or the operator token is limited. */
describe('rate limit per client address', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: String(PER_ADDRESS) });
  });
  after(() => svc.close());

  it('puts RateLimit headers on 401s, charges failed authentications more, and answers 429 once the address is spent', async () => {
    // Bad API keys and a bad operator token spend the same address budget.
    const guesses = [
      () => svc.call('GET', '/v2/billing/balance', { key: 'rk_guess-1' }),
      () => svc.call('GET', '/v2/billing/balance'),
      () => svc.call('POST', '/admin/accounts', { body: { name: 'x' }, headers: { authorization: 'Bearer guess' } }),
      () => svc.call('GET', '/admin/clock'),
      () => svc.call('GET', '/v2/billing/balance', { key: 'rk_guess-2' }),
    ];
    let remaining = PER_ADDRESS;
    for (const guess of guesses) {
      const res = await guess();
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('ratelimit-limit'), String(PER_ADDRESS));
      remaining -= FAILED_AUTHENTICATION_COST;
      assert.equal(res.headers.get('ratelimit-remaining'), String(remaining));
      assert.ok(Number(res.headers.get('ratelimit-reset')) > 0);
    }
    for (const next of [
      () => svc.call('GET', '/v2/billing/balance', { key: 'rk_guess-3' }),
      () => svc.call('POST', '/admin/accounts', { admin: true, body: { name: 'x' } }),
      () => svc.call('GET', '/v2/nope'),
    ]) {
      const limited = await next();
      assert.equal(limited.status, 429, 'even the right token is refused once the address is spent');
      assert.equal(limited.body.statusCode, 429);
      assert.equal(limited.body.error.code, 'rate_limited');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    }
  });
});

describe('rate limit per client address, ordinary traffic', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100' });
  });
  after(() => svc.close());

  it('charges one unit per request, shows the key budget on authenticated answers and the address budget on 404s', async () => {
    const { apiKey } = await svc.newAccount();
    const ok = await svc.call('GET', '/v2/billing/balance', { key: apiKey });
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('ratelimit-limit'), '1000', "an authenticated call shows its key's budget");
    const unknown = await svc.call('GET', '/nope');
    assert.equal(unknown.status, 404);
    assert.ok(unknown.headers.get('ratelimit-limit'));
    const openapi = await svc.call('GET', '/v2/openapi.json');
    assert.equal(openapi.status, 200);
    const bad = await svc.call('GET', '/v2/billing/balance', { key: 'rk_wrong' });
    assert.equal(bad.status, 401);
    // Five requests so far (account creation included): four ordinary, then a failed authentication.
    assert.equal(bad.headers.get('ratelimit-limit'), '100');
    assert.equal(bad.headers.get('ratelimit-remaining'), String(100 - 4 - FAILED_AUTHENTICATION_COST));
  });
});
