import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

/** Spec §8: string pairs; at most 50 keys; keys over 40 characters skipped; values over 500 characters truncated. */
function oversized(): Record<string, string> {
  const metadata: Record<string, string> = { huge: 'v'.repeat(200_000), ['k'.repeat(41)]: 'skipped', '': 'empty key' };
  for (let i = 0; i < 60; i++) metadata[`key${i}`] = String(i);
  return metadata;
}

function assertLimited(kept: Record<string, string>) {
  assert.equal(Object.keys(kept).length, 50, 'the first 50 keys');
  assert.equal(kept.huge, 'v'.repeat(500), 'a 200 KB value is truncated to 500 characters');
  assert.equal(kept['k'.repeat(41)], undefined, 'a 41-character key is skipped');
  assert.equal(kept[''], undefined);
  assert.equal(kept.key0, '0');
}

describe('metadata limits (spec §8), one rule for requests and monitors', () => {
  let svc: TestService;
  let key: string;
  let accountId: string;
  before(async () => {
    svc = await startTestService();
    ({ id: accountId, apiKey: key } = await svc.newAccount());
  });
  after(() => svc.close());

  const requestsStored = async () =>
    (await svc.db.query<{ n: number }>('select count(*)::int8 as n from requests where account_id = $1', [accountId]))[0]!.n;
  const monitors = async () => (await svc.call('GET', '/v2/monitors', { key })).body.monitors as { metadata: Record<string, string> }[];

  it('POST /v2/monitors keeps metadata within the limits, stored and echoed', async () => {
    const res = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ACME', countryCode: 'TEST', metadata: oversized() } });
    assert.equal(res.status, 201, JSON.stringify(res.body).slice(0, 500));
    assertLimited(res.body.metadata);
    const [stored] = await monitors();
    assertLimited(stored!.metadata);
    // Replacing the metadata of the active monitor goes through the same rule.
    const again = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ACME', countryCode: 'TEST', metadata: oversized() } });
    assert.equal(again.status, 200);
    assertLimited(again.body.metadata);
  });

  it('POST /v2/company keeps metadata within the same limits', async () => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'ACME', countryCode: 'TEST', mode: 'onboarding', metadata: oversized() },
    });
    assert.equal(res.status, 200);
    assertLimited(res.body.request.metadata);
    const read = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
    assertLimited(read.body.request.metadata);
  });

  it('refuses values that are not strings with a 400 naming the rule, and stores nothing', async () => {
    const { apiKey: other } = await svc.newAccount();
    for (const metadata of [{ n: 1 }, { nested: { a: 'b' } }, { list: ['a'] }, { flag: true }, { nothing: null }, 'text', ['a']]) {
      const monitor = await svc.call('POST', '/v2/monitors', { key: other, body: { companyId: 'ACME', countryCode: 'TEST', metadata } });
      assert.equal(monitor.status, 400, JSON.stringify(metadata));
      assert.match(JSON.stringify(monitor.body), /metadata (values )?must be (strings|an object of string key-value pairs)/);
      const before = await requestsStored();
      const request = await svc.call('POST', '/v2/company', { key, body: { id: 'ACME', countryCode: 'TEST', metadata } });
      assert.equal(request.status, 400, JSON.stringify(metadata));
      assert.match(JSON.stringify(request.body), /metadata (values )?must be (strings|an object of string key-value pairs)/);
      assert.equal(await requestsStored(), before, 'no request stored');
    }
    assert.deepEqual((await svc.call('GET', '/v2/monitors', { key: other })).body.monitors, [], 'no monitor stored');
  });
});
