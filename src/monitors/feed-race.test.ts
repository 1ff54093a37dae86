import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../../test/support/service.ts';
import { snapshotRow } from '../../test/support/us-ny.ts';
import { CompanyChecker } from './checker.ts';
import { CompanySnapshots } from './repository/company-snapshots.ts';
import { MonitorRepository } from './repository/monitors.ts';

/**
 * A register's feed names a company while a due check of it is in flight: the check may have read the register before
 * the change, so what it read must not be recorded as the company's state (the next check would be a month away, the
 * feed register's safety net). The check is dropped and the company stays due, so the next sweep reads it again.
 */
describe('monitors: a feed naming a company while its check is in flight', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    // No sweep of its own during the test: the checks are made here, step by step.
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '300', MONITOR_SWEEP_EVERY: '1h' });
    key = (await svc.newAccount({ usNy: true })).apiKey;
  });
  after(() => svc.close());

  const put = (dosId: string, name: string) =>
    svc.call('PUT', `/admin/sandbox/US-NY/companies/${dosId}`, { admin: true, body: { record: { snapshot: snapshotRow(dosId, name) } } });
  const row = async (dosId: string) =>
    (
      await svc.db.query<{ version: number; nextCheckAt: Date }>(
        `select version, next_check_at as "nextCheckAt" from monitored_companies where country_code = 'US-NY' and company_id = $1`,
        [dosId],
      )
    )[0]!;

  it('drops the stale check and checks the company again', { timeout: 60_000 }, async () => {
    const dosId = '7300001';
    assert.equal((await put(dosId, 'RACE POINT INC.')).status, 200);
    // The feed starts at the present: the company's creation is behind it.
    await svc.monitorChecks.readFeeds();
    const monitor = await svc.call('POST', '/v2/monitors', { key, body: { companyId: dosId, countryCode: 'US-NY' } });
    assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
    assert.equal((await row(dosId)).version, 1, 'the baseline');

    // Its daily check falls due and is sent; the register is read …
    const dueAt = new Date(svc.clock.now().getTime() - 60_000);
    await svc.db.query(`update monitored_companies set next_check_at = $2 where country_code = 'US-NY' and company_id = $1`, [
      dosId,
      dueAt,
    ]);
    const checker = new CompanyChecker(
      svc.db,
      svc.registers,
      new CompanySnapshots(svc.db),
      new MonitorRepository(svc.db),
      svc.webhooks.notifications,
      svc.clock,
      { intervalMs: 86_400_000, feedTrustMs: 30 * 86_400_000, retryDelaysMs: [], timeoutMs: 10_000 },
    );
    const company = { countryCode: 'US-NY', companyId: dosId };
    const stale = await checker.observe(company);
    assert.equal(stale.kind, 'found');

    // … then the company changes and the feed names it, before the check is recorded.
    assert.equal((await put(dosId, 'RACE POINT GLOBAL INC.')).status, 200);
    await svc.monitorChecks.readFeeds();
    const recorded = await checker.record(company, stale, dueAt);
    assert.equal(recorded.checked, 0, 'what the check read before the change is not recorded');
    assert.ok((await row(dosId)).nextCheckAt.getTime() <= svc.clock.now().getTime(), 'the company is still due');

    // The next run reads the register again and tells the monitor.
    const run = (await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).body;
    assert.equal(run.changed, 1, JSON.stringify(run));
    const logs = (await svc.call('GET', `/v2/monitors/${monitor.body.id}/logs`, { key })).body.logs;
    assert.ok(
      logs.some((l: { changeDetected: boolean }) => l.changeDetected),
      JSON.stringify(logs),
    );
  });
});
