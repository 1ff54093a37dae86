import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Monitor, MonitorList, MonitorLogList } from '../../../src/contract/monitor.ts';
import { assertError } from '../../support/envelope.ts';
import { startTestService, type TestService } from '../../support/service.ts';

/** The monitor routes by id, and the list's input errors, that the monitoring scenarios do not check one by one. */
describe('monitor routes', () => {
  let svc: TestService;
  let key: string;
  let otherKey: string;
  let monitorId: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
    otherKey = (await svc.newAccount()).apiKey;
    const created = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'ROUTES-MON-1', countryCode: 'TEST' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    monitorId = created.body.id;
  });
  after(() => svc.close());

  describe('GET /v2/monitors', () => {
    it('happy: lists the account’s monitors', async () => {
      const res = await svc.call('GET', '/v2/monitors?companyId=ROUTES-MON-1&countryCode=TEST', { key });
      assert.equal(res.status, 200);
      assert.deepEqual(
        MonitorList.parse(res.body).monitors.map((m) => m.id),
        [monitorId],
      );
    });
    it('error: a page size out of range or a forged cursor is a 400', async () => {
      assertError(await svc.call('GET', '/v2/monitors?first=1000', { key }), 400, 'invalid_request');
      assertError(await svc.call('GET', '/v2/monitors?after=not-a-cursor', { key }), 400, 'invalid_request');
    });
  });

  describe('GET /v2/monitors/:id', () => {
    it('happy: shows the monitor as created', async () => {
      const res = await svc.call('GET', `/v2/monitors/${monitorId}`, { key });
      assert.equal(res.status, 200);
      const monitor = Monitor.parse(res.body);
      assert.equal(monitor.companyId, 'ROUTES-MON-1');
      assert.equal(monitor.countryCode, 'TEST');
    });
    it('error: an unknown id and another account’s monitor are 404s', async () => {
      assertError(await svc.call('GET', '/v2/monitors/mon_nobody', { key }), 404, 'resource_not_found');
      assertError(await svc.call('GET', `/v2/monitors/${monitorId}`, { key: otherKey }), 404, 'resource_not_found');
    });
  });

  describe('GET /v2/monitors/:id/logs', () => {
    it('happy: shows the check log after a run of the checks', async () => {
      await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 2 * 86_400_000 } });
      assert.equal((await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).status, 200);
      const res = await svc.call('GET', `/v2/monitors/${monitorId}/logs`, { key });
      assert.equal(res.status, 200);
      const { logs } = MonitorLogList.parse(res.body);
      assert.ok(logs.length >= 1, JSON.stringify(res.body));
      assert.equal(logs[0]!.fetchStatus, 'success');
    });
    it('error: another account’s monitor is a 404, a page size out of range a 400', async () => {
      assertError(await svc.call('GET', `/v2/monitors/${monitorId}/logs`, { key: otherKey }), 404, 'resource_not_found');
      assertError(await svc.call('GET', `/v2/monitors/${monitorId}/logs?first=0`, { key }), 400, 'invalid_request');
    });
  });

  describe('DELETE /v2/monitors/:id', () => {
    it('error: another account cannot stop it (404), and it stays active', async () => {
      assertError(await svc.call('DELETE', `/v2/monitors/${monitorId}`, { key: otherKey }), 404, 'resource_not_found');
      assert.equal((await svc.call('GET', `/v2/monitors/${monitorId}`, { key })).body.status, 'active');
    });
    it('happy: stops it with 204: it shows as deactivated', async () => {
      assert.equal((await svc.call('DELETE', `/v2/monitors/${monitorId}`, { key })).status, 204);
      assert.equal(Monitor.parse((await svc.call('GET', `/v2/monitors/${monitorId}`, { key })).body).status, 'deactivated');
    });
  });
});
