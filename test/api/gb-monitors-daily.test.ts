import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GbRegister } from '../../src/registers/gb/index.ts';
import { parseMetrics, sum } from '../support/prometheus.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const DAY = 86_400_000;
const NUMBER = '11224466';
const record = {
  profile: {
    company_name: 'TAMAR DAILY LIMITED',
    company_status: 'active',
    type: 'ltd',
    date_of_creation: '2019-05-01',
    sic_codes: ['62020'],
  },
  officers: [{ name: 'DAVIES, Rhian', officer_role: 'director', appointed_on: '2019-05-01', date_of_birth: { month: 3, year: 1981 } }],
};

/**
 * Spec §6.2: "Registers are checked daily". A GB company is not polled at Companies House every day: its stream
 * names the companies that changed. Its daily check is still made and logged, confirmed by the stream while the
 * stream is known complete past the check's due time, and read at the register when it is not.
 */
describe('daily checks of GB monitors', () => {
  let svc: TestService;
  let key: string;
  let monitorId: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const runChecks = async () => (await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).body;
  const advance = async (ms: number) => {
    const res = await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: ms } });
    assert.equal(res.status, 200);
    return Date.parse(res.body.now);
  };
  const outage = async (durationMs = 3_600_000) =>
    assert.equal((await svc.call('POST', '/admin/sandbox/GB/outage', { admin: true, body: { durationMs } })).status, 200);
  const clockNow = async () => Date.parse((await svc.call('GET', '/admin/clock', { admin: true })).body.now);
  const storedEvents = async () => (await svc.db.query(`select 1 from gb_stream_events where company_number = $1`, [NUMBER])).length;
  const checksCounted = async (labels: Record<string, string>) =>
    sum(parseMetrics((await svc.call('GET', '/metrics', { admin: true })).body), 'registrum_monitor_checks_total', labels);
  const logs = async () => (await svc.call('GET', `/v2/monitors/${monitorId}/logs`, { key })).body.logs as any[];
  /** How far the register's feed is complete, as a read of it now would say (heartbeats come every 5 s when idle). */
  const streamsCovered = async () =>
    (await (svc.registers.get('GB') as GbRegister).changedCompanies(undefined, 1)).coveredUntil?.getTime() ?? 0;

  it('confirms an unchanged company from its stream, without calling the register: its API is down, the check succeeds', {
    timeout: 60_000,
  }, async () => {
    assert.equal((await svc.call('PUT', `/admin/sandbox/GB/companies/${NUMBER}`, { admin: true, body: { record } })).status, 200);
    // The company's creation is on the stream (profile and officers); the feed is read past it before the monitor.
    await eventually(async () => (await storedEvents()) >= 2, 15_000, 50);
    await runChecks();
    const created = await svc.call('POST', '/v2/monitors', { key, body: { companyId: NUMBER, countryCode: 'GB' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    monitorId = created.body.id;
    assert.equal((await runChecks()).checked, 0, 'not due again before tomorrow');

    const now = await advance(DAY + 60_000);
    await outage();
    await eventually(async () => (await streamsCovered()) >= now, 15_000, 100);
    const run = await runChecks();
    assert.deepEqual(run, { checked: 1, changed: 0, deactivated: 0, failed: 0 });
    const [latest] = await logs();
    assert.deepEqual([latest.fetchStatus, latest.changeDetected, latest.changeCategories], ['success', false, []]);
    assert.equal(latest.readFrom, 'changeFeed', 'the log says the register was not read');
    assert.ok(Date.parse(latest.createdAt) >= now, 'logged at the check');
    const monitor = (await svc.call('GET', `/v2/monitors/${monitorId}`, { key })).body;
    assert.ok(Date.parse(monitor.lastCheckedAt) >= now);
    assert.ok(Date.parse(monitor.nextCheckAt) <= now + DAY, `next check ${monitor.nextCheckAt}: within a day`);
    assert.equal((await runChecks()).checked, 0, 'checked once a day');
    // The operator sees which checks the stream confirmed.
    assert.equal(await checksCounted({ outcome: 'success', read: 'feed' }), 1);
  });

  it('reads the register when the stream is down: it confirms nothing, and the check fails with the register', {
    timeout: 60_000,
  }, async () => {
    const gb = svc.registers.get('GB') as GbRegister;
    await gb.stopStream();
    try {
      const now = await advance(DAY + 60_000);
      await outage();
      const run = await runChecks();
      assert.deepEqual(run, { checked: 1, changed: 0, deactivated: 0, failed: 1 });
      const [latest] = await logs();
      assert.equal(latest.fetchStatus, 'error');
      assert.equal(latest.readFrom, 'register');
      assert.equal(await checksCounted({ outcome: 'error', read: 'register' }), 1);
      assert.ok(Date.parse(latest.createdAt) >= now);
    } finally {
      await gb.start();
    }
  });

  it('reads a company the stream named at the register, even when its check comes after the stream has moved on', {
    timeout: 60_000,
  }, async () => {
    await outage(0);
    // The stream is back (the test before stopped it).
    const restarted = await clockNow();
    await eventually(async () => (await streamsCovered()) >= restarted, 15_000, 100);
    const before = await storedEvents();
    const renamed = { ...record, profile: { ...record.profile, company_name: 'TAMAR DAILY HOLDINGS LIMITED' } };
    assert.equal((await svc.call('PUT', `/admin/sandbox/GB/companies/${NUMBER}`, { admin: true, body: { record: renamed } })).status, 200);
    await eventually(async () => (await storedEvents()) > before, 15_000, 50);
    // The feed is read (the company marked for a read at the register), and the process stops before the check.
    await svc.monitorChecks.readFeeds();
    const markedAt = await clockNow();
    // Later the stream is complete past the mark: only the mark says the company changed.
    await eventually(async () => (await streamsCovered()) > markedAt, 15_000, 100);
    const run = await runChecks();
    assert.deepEqual([run.checked, run.changed], [1, 1]);
    const [latest] = await logs();
    assert.deepEqual([latest.fetchStatus, latest.changeCategories, latest.readFrom], ['success', ['other'], 'register']);
  });
});
