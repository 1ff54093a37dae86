import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KEY_RECHECK_MS } from '../../src/accounts/key-cache.ts';
import { statementLog } from '../../src/store/trace.ts';
import { startTestService, type TestService } from '../support/service.ts';

// The service counts its statements (src/store/trace.ts).
process.env.REGISTRUM_STORE_TRACE = '1';

/** API keys are resolved from memory (issue 22); revocation still takes effect at once here and within a second elsewhere. */
describe('authentication from the key cache', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => svc.close());

  const balance = (key: string) => svc.call('GET', '/v2/billing/balance', { key });
  const keyIdOf = async (accountId: string) =>
    (await svc.db.query<{ id: string }>('select id from api_keys where account_id = $1', [accountId]))[0]!.id;

  it('answers a known key without asking the store', async () => {
    const { apiKey } = await svc.newAccount();
    assert.equal((await balance(apiKey)).status, 200);
    statementLog.entries.length = 0;
    statementLog.enabled = true;
    try {
      for (let i = 0; i < 3; i++) assert.equal((await balance(apiKey)).status, 200);
    } finally {
      statementLog.enabled = false;
    }
    // The balance reads the store; looking the key up does not (its last use is written apart, at most once a minute).
    assert.ok(statementLog.entries.length > 0, 'the balance itself is read');
    assert.deepEqual(
      statementLog.entries.filter((e) => /^\s*select[\s\S]*\bapi_keys\b/i.test(e.sql)).map((e) => e.sql),
      [],
    );
  });

  it('refuses a key at once in the process that revoked it', async () => {
    const { apiKey, id } = await svc.newAccount();
    assert.equal((await balance(apiKey)).status, 200);
    assert.equal(await svc.accounts.revokeKey(id, await keyIdOf(id)), true);
    const res = await balance(apiKey);
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'unauthorized');
    assert.equal(await svc.accounts.revokeKey(id, await keyIdOf(id)), false, 'revoked once');
  });

  it('refuses a key revoked by another process sharing the store within a second', async () => {
    const { apiKey, id } = await svc.newAccount();
    assert.equal((await balance(apiKey)).status, 200);
    // What another process's revocation leaves in the shared store.
    await svc.db.query('update api_keys set revoked_at = $2 where account_id = $1', [id, new Date()]);
    const revokedAt = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - revokedAt < 5_000) {
      status = (await balance(apiKey)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 25));
    }
    const tookMs = performance.now() - revokedAt;
    assert.equal(status, 401);
    // The re-check interval, plus the time of one request on a busy machine.
    assert.ok(tookMs < KEY_RECHECK_MS + 500, `refused after ${Math.round(tookMs)} ms`);
  });
});
