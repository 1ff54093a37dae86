import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KEY_RECHECK_MS, KEY_REFRESH_MS } from '../../src/accounts/key-cache.ts';
import { sleep } from '../../src/shared/sleep.ts';
import { startTestService, type TestService } from '../support/service.ts';

/**
 * What a request reads from memory (its key's account, the sandbox register's snapshot) is re-checked against the
 * store once a second. A request that falls on a re-check while the store is busy for a moment (a vacuum or a
 * checkpoint of the embedded store, a lock) must not wait for it while the answer in memory may still be given: the
 * re-check is made ahead, in the background, while callers keep coming.
 */
describe('a store busy for a moment', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => svc.close());

  it('does not hold up a search in steady use at its key and snapshot re-checks', async () => {
    const { apiKey } = await svc.newAccount();
    const search = async () => {
      const started = performance.now();
      const res = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key: apiKey });
      assert.equal(res.status, 200);
      return performance.now() - started;
    };
    await search();
    const checkedAt = performance.now();
    await sleep(KEY_REFRESH_MS + 100);
    await search(); // past half their time: re-checked behind this request
    await sleep(150);
    // The store is taken for a second, from before the first answers run out until after.
    const held = svc.db.transaction(async (tx) => {
      await tx.query('lock table api_keys, sandbox_companies, sandbox_outages in access exclusive mode');
      await sleep(1_000);
    });
    await sleep(checkedAt + KEY_RECHECK_MS + 150 - performance.now());
    const tookMs = await search();
    await held;
    assert.ok(tookMs < 300, `the search waited ${Math.round(tookMs)} ms for the store`);
  });
});
