import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

describe('health and readiness', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  it('GET /healthz answers 200 without an API key', async () => {
    const res = await svc.call('GET', '/healthz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
  });

  it("GET /readyz is 200 with its checks, and shows each register's last call without gating on it", async () => {
    const first = await svc.call('GET', '/readyz');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.status, 'ready');
    assert.deepEqual(first.body.reasons, []);
    assert.deepEqual(first.body.checks, { store: 'ok', migrations: 'ok', jobEngine: 'running' });
    assert.equal(first.body.registers.TEST.status, 'not_called');

    assert.equal((await svc.call('GET', '/v2/search?country=TEST&query=acme', { key })).status, 200);
    const afterSearch = await svc.call('GET', '/readyz');
    assert.equal(afterSearch.body.registers.TEST.status, 'up');
    assert.equal(afterSearch.body.registers.TEST.lastCall.operation, 'search');
    assert.equal(afterSearch.body.registers.TEST.lastCall.outcome, 'ok');

    // An outage of one register is reported, the process stays ready: other registers still answer.
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 60_000 } });
    try {
      const failed = await svc.call('GET', '/v2/search?country=TEST&query=acme', { key });
      assert.equal(failed.status, 503);
      const during = await svc.call('GET', '/readyz');
      assert.equal(during.status, 200);
      assert.equal(during.body.registers.TEST.status, 'failing');
      assert.equal(during.body.registers.TEST.lastCall.outcome, 'service_unavailable');
    } finally {
      await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
    }
  });

  it('GET /readyz is 503 with the reason when the store lacks a migration this build ships', async () => {
    const [last] = await svc.db.query<{ version: string }>('select version from schema_migrations order by version desc limit 1');
    await svc.db.query('delete from schema_migrations where version = $1', [last!.version]);
    try {
      const res = await svc.call('GET', '/readyz');
      assert.equal(res.status, 503);
      assert.equal(res.body.status, 'unready');
      assert.equal(res.body.checks.migrations, 'pending');
      assert.deepEqual(res.body.reasons, [`migrations not applied: ${last!.version}`]);
    } finally {
      await svc.db.query('insert into schema_migrations (version) values ($1)', [last!.version]);
    }
    assert.equal((await svc.call('GET', '/readyz')).status, 200);
  });
});
