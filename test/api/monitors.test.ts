import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver, verify } from '../support/webhook-receiver.ts';

const DAY = 86_400_000;

/** A TEST register company in the operator's record format (CONTRACT §5). */
const record = (over: Record<string, any> = {}) => ({
  company: {
    legalName: 'Watched Holdings Ltd',
    status: { localName: 'Active', active: true },
    legalAddress: { addressLine1: '1 Quay Street', city: 'Testville', postalCode: 'T1 1AA', countryCode: 'GB' },
    capital: { amount: 100_000, currency: 'GBP' },
    ...over.company,
  },
  legalRepresentatives: over.legalRepresentatives ?? [
    { type: 'individual', individual: { name: { fullName: 'Ada Director' } }, role: { localName: 'Director' } },
  ],
  otherKeyPersons: over.otherKeyPersons ?? [],
  shareholders: over.shareholders ?? [{ type: 'individual', individual: { name: { fullName: 'Ada Director' } }, sharePercentage: 100 }],
  ultimateBeneficialOwners: [],
});

describe('monitors', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  let secret: string;
  before(async () => {
    svc = await startTestService({ MONITOR_RETRY_SCHEDULE: '1h,1h' });
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount()).apiKey;
    const ep = await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/monitors` } });
    assert.equal(ep.status, 201);
    secret = ep.body.secret;
  });
  after(async () => {
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
    await svc.close();
    await rx.close();
  });

  const put = (id: string, body: object) => svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, { admin: true, body: { record: body } });
  const create = (companyId: string, k = key, extra: object = {}) =>
    svc.call('POST', '/v2/monitors', { key: k, body: { companyId, countryCode: 'TEST', ...extra } });
  /** Moves the service clock a day on and runs the due checks, as the daily schedule would. */
  const nextDay = async () => {
    assert.equal((await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: DAY + 60_000 } })).status, 200);
    const run = await svc.call('POST', '/admin/monitors/run-checks', { admin: true });
    assert.equal(run.status, 200, JSON.stringify(run.body));
    return run.body as { checked: number; changed: number; deactivated: number; failed: number };
  };
  const notificationsOf = (monitorId: string) =>
    rx
      .at('/monitors')
      .map((r) => ({ r, body: JSON.parse(r.body) }))
      .filter((n) => n.body.monitorId === monitorId);
  const logsOf = async (id: string) => (await svc.call('GET', `/v2/monitors/${id}/logs`, { key })).body.logs as any[];

  it('creates (201) or retrieves (200) one active monitor per company, and validates the body', async () => {
    await put('MON-CREATE', record());
    const first = await create('MON-CREATE', key, { metadata: { ref: 'a' } });
    assert.equal(first.status, 201);
    assert.match(first.body.id, /^[a-z0-9]{20,32}$/, 'a CUID');
    assert.equal(first.body.status, 'active');
    const again = await create('MON-CREATE', key, { metadata: { ref: 'b' } });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.body.id);
    assert.deepEqual(again.body.metadata, { ref: 'b' });

    assert.equal((await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'X' } })).status, 400);
    assert.equal((await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'X', countryCode: 'ZZ' } })).status, 400);
    assert.equal((await create('RESOURCE_NOT_FOUND')).status, 404);
    const unknown = await svc.call('POST', '/v2/monitors', { key, body: { companyId: 'X', countryCode: 'DE' } });
    assert.equal(unknown.status, 406);
    const rows = await svc.db.query(`select id from monitors where company_id in ('X', 'RESOURCE_NOT_FOUND')`);
    assert.equal(rows.length, 0, 'refused requests create nothing');
  });

  it('lists with a cursor, hides other accounts’ monitors, and stops with 204', async () => {
    const { apiKey: own } = await svc.newAccount();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      await put(`MON-LIST-${n}`, record());
      ids.push((await create(`MON-LIST-${n}`, own)).body.id);
    }
    const page1 = await svc.call('GET', '/v2/monitors?first=2', { key: own });
    assert.equal(page1.body.total, 3);
    assert.equal(page1.body.hasNextPage, true);
    const page2 = await svc.call('GET', `/v2/monitors?first=2&after=${page1.body.nextCursor}`, { key: own });
    assert.deepEqual(
      [...page1.body.monitors, ...page2.body.monitors].map((m: any) => m.id),
      [...ids].reverse(),
    );
    assert.equal((await svc.call('GET', '/v2/monitors?companyId=MON-LIST-2', { key: own })).body.monitors[0].id, ids[1]);

    assert.equal((await svc.call('GET', `/v2/monitors/${ids[0]}`, { key })).status, 404, 'another account’s monitor');
    assert.equal((await svc.call('DELETE', `/v2/monitors/${ids[0]}`, { key })).status, 404);
    assert.equal((await svc.call('DELETE', `/v2/monitors/${ids[0]}`, { key: own })).status, 204);
    const stopped = await svc.call('GET', `/v2/monitors/${ids[0]}`, { key: own });
    assert.equal(stopped.body.status, 'deactivated');
    assert.equal(stopped.body.nextCheckAt, undefined, 'a stopped monitor has no next check');
    assert.ok(
      page2.body.monitors.every((m: any) => m.nextCheckAt),
      'listed active monitors say when they are checked next',
    );
    const fresh = await create('MON-LIST-1', own);
    assert.equal(fresh.status, 201, 'a stopped monitor is not reactivated: a new one is created');
    assert.notEqual(fresh.body.id, ids[0]);
  });

  it('notifies nothing when nothing changed, and every category with field-level changes when it did', { timeout: 60_000 }, async () => {
    await put('MON-CHANGE', record());
    const monitor = (await create('MON-CHANGE', key, { metadata: { customer: 'c-42' } })).body;
    assert.ok(Date.parse(monitor.nextCheckAt) > Date.parse(monitor.createdAt), 'an active monitor says when it is checked next');
    const quiet = await nextDay();
    assert.ok(quiet.checked >= 1);
    const checked = (await svc.call('GET', `/v2/monitors/${monitor.id}`, { key })).body;
    assert.ok(
      Date.parse(checked.nextCheckAt) - Date.parse(checked.lastCheckedAt) >= DAY - 60_000,
      'the next check is a day after the last',
    );
    assert.equal(notificationsOf(monitor.id).length, 0, 'no change, no notification');
    assert.deepEqual(
      (await logsOf(monitor.id)).map((l) => [l.fetchStatus, l.changeDetected]),
      [
        ['success', false],
        ['success', false],
      ],
    );

    await put(
      'MON-CHANGE',
      record({
        company: {
          legalName: 'Watched Group Ltd',
          status: { localName: 'In liquidation', active: false },
          legalAddress: { addressLine1: '9 New Road', city: 'Testville', postalCode: 'T9 9ZZ', countryCode: 'GB' },
          capital: { amount: 250_000, currency: 'GBP' },
        },
        legalRepresentatives: [{ type: 'individual', individual: { name: { fullName: 'Bo Newcomer' } }, role: { localName: 'Director' } }],
        shareholders: [{ type: 'company', company: { legalName: 'Parent SA', id: 'PARENT' }, sharePercentage: 100 }],
      }),
    );
    const run = await nextDay();
    assert.ok(run.changed >= 1);
    const [n] = await eventually(async () => notificationsOf(monitor.id).length === 1 && notificationsOf(monitor.id));
    verify(secret, n!.r);
    const body = n!.body;
    assert.equal(body.type, 'monitor.notification');
    assert.equal(body.companyId, 'MON-CHANGE');
    assert.equal(body.countryCode, 'TEST');
    assert.equal(body.monitorHasBeenDeactivated, false);
    assert.deepEqual(body.metadata, { customer: 'c-42' });
    assert.deepEqual(body.changeCategories, ['status', 'address', 'ownership', 'financial', 'legalRepresentatives', 'other']);
    const change = (path: string) => body.changes.find((c: any) => c.path === path);
    assert.deepEqual(change('company.legalName'), {
      path: 'company.legalName',
      before: 'Watched Holdings Ltd',
      after: 'Watched Group Ltd',
    });
    assert.deepEqual(change('company.legalAddress.addressLine1'), {
      path: 'company.legalAddress.addressLine1',
      before: '1 Quay Street',
      after: '9 New Road',
    });
    assert.equal(change('company.capital.amount').after, 250_000);
    assert.equal(change('company.status.active').before, true);
    assert.equal(change('legalRepresentatives[Ada Director]').after, null);
    assert.equal(change('legalRepresentatives[Bo Newcomer]').before, null);
    assert.ok(change('shareholders[Parent SA]'));
    assert.ok(Date.parse(body.timestamp) > Date.now(), 'detection time on the service clock (advanced)');
    const [latest] = await logsOf(monitor.id);
    assert.equal(latest.changeDetected, true);
    assert.deepEqual(latest.changeCategories, body.changeCategories);

    const calm = await nextDay();
    assert.equal(calm.changed, 0);
    assert.equal(notificationsOf(monitor.id).length, 1, 'a change is reported once');
  });

  it('treats a register error as no change: error, then error_final once the retries are used', { timeout: 60_000 }, async () => {
    await put('MON-DOWN', record());
    const monitor = (await create('MON-DOWN')).body;
    await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 10 * DAY } });
    try {
      const run = await nextDay();
      assert.ok(run.failed >= 1);
      for (let i = 0; i < 2; i++) {
        await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 3_600_000 + 60_000 } });
        await svc.call('POST', '/admin/monitors/run-checks', { admin: true });
      }
    } finally {
      await svc.call('POST', '/admin/sandbox/TEST/outage', { admin: true, body: { durationMs: 0 } });
    }
    const statuses = (await logsOf(monitor.id)).map((l) => l.fetchStatus);
    assert.deepEqual(statuses, ['error_final', 'error', 'error', 'success']);
    assert.ok((await logsOf(monitor.id))[0].errorMessage);
    assert.equal(notificationsOf(monitor.id).length, 0, 'a register error is not a change');
    assert.equal((await svc.call('GET', `/v2/monitors/${monitor.id}`, { key })).body.status, 'active');
    await nextDay();
    assert.equal((await logsOf(monitor.id))[0].fetchStatus, 'success');
    assert.equal(notificationsOf(monitor.id).length, 0);
  });

  it('deactivates every monitor of a company that left the register, clears its data and keeps the history', {
    timeout: 60_000,
  }, async () => {
    await put('MON-GONE', record());
    const { apiKey: other } = await svc.newAccount();
    const mine = (await create('MON-GONE')).body;
    const theirs = (await create('MON-GONE', other)).body;
    assert.equal((await svc.call('DELETE', '/admin/sandbox/TEST/companies/MON-GONE', { admin: true })).status, 204);
    const run = await nextDay();
    assert.ok(run.deactivated >= 2);
    const [n] = await eventually(async () => notificationsOf(mine.id).length === 1 && notificationsOf(mine.id));
    assert.deepEqual(n!.body.changeCategories, ['disappeared']);
    assert.equal(n!.body.monitorHasBeenDeactivated, true);
    assert.equal((await svc.call('GET', `/v2/monitors/${mine.id}`, { key })).body.status, 'deactivated');
    assert.equal((await svc.call('GET', `/v2/monitors/${theirs.id}`, { key: other })).body.status, 'deactivated');
    const [latest] = await logsOf(mine.id);
    assert.equal(latest.fetchStatus, 'not_found');
    assert.deepEqual(latest.changeCategories, ['disappeared']);

    const [company] = await svc.db.query<{ data: unknown; status: string }>(
      `select data, status from monitored_companies where company_id = 'MON-GONE'`,
    );
    assert.equal(company!.data, null, 'cached data cleared');
    assert.equal(company!.status, 'disappeared');
    const history = await svc.db.query(`select version from monitored_company_versions where company_id = 'MON-GONE' order by version`);
    assert.equal(history.length, 2, 'first snapshot and the final one are kept');

    await nextDay();
    assert.equal(notificationsOf(mine.id).length, 1, 'a deactivated monitor is not checked again');
    assert.equal((await create('MON-GONE')).status, 404, 'a company not in the register cannot be monitored');
  });
});
