import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
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
});
