import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { parseMetrics, sum } from '../support/prometheus.ts';
import { snapshotRow } from '../support/us-ny.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/** A US-NY company as the operator stores it (CONTRACT §5), located in `city`. */
const row = (dosId: string, name: string, city = 'BROOKLYN') => ({ snapshot: snapshotRow(dosId, name, { location_city: city }) });

describe('monitors of a snapshot register (US-NY)', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '500' });
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount({ usNy: true })).apiKey;
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/ny` } })).status, 201);
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const put = (dosId: string, record: object) =>
    svc.call('PUT', `/admin/sandbox/US-NY/companies/${dosId}`, { admin: true, body: { record } });
  const runChecks = async () => (await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).body;
  const notifications = () => rx.at('/ny').map((r) => JSON.parse(r.body));

  it('checks a company when the register says it changed, without waiting for the daily check', { timeout: 60_000 }, async () => {
    assert.equal((await put('7100001', row('7100001', 'HARBOUR LIGHT TRADING INC.'))).status, 200);
    const monitor = await svc.call('POST', '/v2/monitors', { key, body: { companyId: '7100001', countryCode: 'US-NY' } });
    assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
    const quiet = await runChecks();
    assert.equal(quiet.checked, 0, 'nothing changed, nothing due');

    await put('7100001', row('7100001', 'HARBOUR LIGHT GLOBAL INC.', 'QUEENS'));
    const run = await runChecks();
    assert.equal(run.checked, 1);
    assert.equal(run.changed, 1);
    const n = await eventually(async () => notifications().find((p) => p.monitorId === monitor.body.id));
    assert.deepEqual(n.changeCategories, ['address', 'other']);
    assert.ok(n.changes.some((c: any) => c.path === 'company.legalName' && c.after === 'HARBOUR LIGHT GLOBAL INC.'));

    assert.equal((await svc.call('DELETE', '/admin/sandbox/US-NY/companies/7100001', { admin: true })).status, 204);
    const gone = await runChecks();
    assert.equal(gone.deactivated, 1);
    const last = await eventually(async () => notifications().find((p) => p.monitorId === monitor.body.id && p.monitorHasBeenDeactivated));
    assert.deepEqual(last.changeCategories, ['disappeared']);
  });

  it('checks every monitored company daily: the unchanged confirmed by the feed, the changed read and notified', {
    timeout: 60_000,
  }, async () => {
    for (const [id, name] of [
      ['7100002', 'QUAYSIDE BAKERY INC.'],
      ['7100003', 'RIVERSIDE BOOKS INC.'],
    ] as const)
      assert.equal((await put(id, row(id, name))).status, 200);
    const create = async (companyId: string) =>
      (await svc.call('POST', '/v2/monitors', { key, body: { companyId, countryCode: 'US-NY' } })).body.id as string;
    const [quiet, renamed] = [await create('7100002'), await create('7100003')];
    await runChecks();
    assert.equal((await runChecks()).checked, 0, 'not due before tomorrow');

    const clock = await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 86_400_000 + 60_000 } });
    const now = Date.parse(clock.body.now);
    assert.equal((await put('7100003', row('7100003', 'RIVERSIDE BOOKS & MAPS INC.'))).status, 200);
    const confirmed = async () =>
      sum(parseMetrics((await svc.call('GET', '/metrics', { admin: true })).body), 'registrum_monitor_checks_total', { read: 'feed' });
    const confirmedBefore = await confirmed();
    const run = await runChecks();
    assert.deepEqual([run.checked, run.changed, run.failed], [2, 1, 0]);
    assert.equal((await confirmed()) - confirmedBefore, 1, 'the unchanged company was confirmed by the feed, not read');
    const logsOf = async (id: string) => (await svc.call('GET', `/v2/monitors/${id}/logs`, { key })).body.logs as any[];
    const [q] = await logsOf(quiet);
    assert.deepEqual([q.fetchStatus, q.changeDetected, q.readFrom], ['success', false, 'changeFeed']);
    assert.ok(Date.parse(q.createdAt) >= now, 'the daily check is logged');
    const [r] = await logsOf(renamed);
    assert.deepEqual([r.fetchStatus, r.changeCategories, r.readFrom], ['success', ['other'], 'register']);
    assert.ok(Date.parse((await svc.call('GET', `/v2/monitors/${quiet}`, { key })).body.lastCheckedAt) >= now);
  });

  it('a snapshot an earlier mapping made is taken afresh without a notification while the feed vouches the company unchanged or the answer is the same; a change the feed missed is still told', {
    timeout: 60_000,
  }, async () => {
    assert.equal((await put('7100004', row('7100004', 'LANTERN QUAY TRADING INC.'))).status, 200);
    const created = await svc.call('POST', '/v2/monitors', { key, body: { companyId: '7100004', countryCode: 'US-NY' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const monitorId = created.body.id as string;
    const logs = async () => (await svc.call('GET', `/v2/monitors/${monitorId}/logs`, { key })).body.logs as any[];
    const stored = async () =>
      (
        await svc.db.query<{ name: string; mapping_version: number }>(
          `select data->'company'->>'legalName' as name, mapping_version from monitored_companies where country_code = 'US-NY' and company_id = '7100004'`,
        )
      )[0]!;
    /**
     * The stored snapshot as another mapping would have made it (its legal name otherwise), read at the register 31
     * days ago (past the feed's safety net, so the next check reads the register), made by mapping `version`.
     */
    const madeBy = (version: number) =>
      svc.db.query(
        `update monitored_companies
            set data = jsonb_set(data, '{company,legalName}', '"LANTERN QUAY TRADING INCORPORATED"'), mapping_version = $1,
                register_read_at = register_read_at - interval '31 days'
          where country_code = 'US-NY' and company_id = '7100004'`,
        [version],
      );
    /** The clock a day on and the due checks run: the monitor's newest log line. */
    const nextDaysCheck = async () => {
      await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 86_400_000 + 60_000 } });
      await runChecks();
      return (await logs())[0];
    };
    /** The check read the register and took the snapshot afresh, and nobody was told. */
    const takenAfresh = async (line: any, why: string) => {
      assert.deepEqual([line.fetchStatus, line.changeDetected, line.readFrom], ['success', false, 'register']);
      assert.deepEqual(await stored(), { name: 'LANTERN QUAY TRADING INC.', mapping_version: 1 }, why);
      assert.equal(notifications().filter((p) => p.monitorId === monitorId).length, 0);
    };

    // The feed has named the company for its creation: that check reads it at the register.
    await runChecks();
    // An earlier mapping's snapshot: the register is read, the difference is ours, nobody is told.
    await madeBy(0);
    await takenAfresh(await nextDaysCheck(), 'the snapshot taken afresh');

    // An earlier mapping's snapshot of a company the feed named since (it vouches for nothing), read again with the
    // register's answer as the snapshot was made from: the difference is ours, nobody is told.
    await madeBy(0);
    await svc.db.query(`update monitored_companies set register_read_at = null where country_code = 'US-NY' and company_id = '7100004'`);
    await takenAfresh(await nextDaysCheck(), 'taken afresh from the same answer');

    // The same snapshot made by today's mapping: a difference the feed did not announce, found by the safety net, is told.
    await madeBy(1);
    const missed = await nextDaysCheck();
    assert.deepEqual([missed.fetchStatus, missed.changeCategories, missed.readFrom], ['success', ['other'], 'register']);
    const n = await eventually(async () => notifications().find((p) => p.monitorId === monitorId));
    assert.ok(n.changes.some((c: any) => c.path === 'company.legalName' && c.after === 'LANTERN QUAY TRADING INC.'));
  });
});
