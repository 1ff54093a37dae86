import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../../test/support/service.ts';
import { snapshotRow } from '../../test/support/us-ny.ts';
import { WebhookReceiver } from '../../test/support/webhook-receiver.ts';

const DAY = 86_400_000;

/** A US-NY company as the operator stores it (CONTRACT §5). */
const usNy = (dosId: string, name: string, city = 'BROOKLYN') => ({ snapshot: snapshotRow(dosId, name, { location_city: city }) });
/** A TEST register company (CONTRACT §5). */
const testCompany = (legalName: string) => ({
  company: {
    legalName,
    status: { localName: 'Active', active: true },
    legalAddress: { addressLine1: '1 Quay Street', city: 'Testville', countryCode: 'GB' },
  },
  legalRepresentatives: [],
  otherKeyPersons: [],
  shareholders: [],
  ultimateBeneficialOwners: [],
});

/** The scheduler's own sweeps (no run-checks): what a deployment does every MONITOR_SWEEP_EVERY. */
describe('monitor sweeps', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  const keys: string[] = [];
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '500', MONITOR_SWEEP_EVERY: '100ms' });
    rx = await WebhookReceiver.start();
    for (const path of ['a', 'b']) {
      const key = (await svc.newAccount({ usNy: true })).apiKey;
      assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/${path}` } })).status, 201);
      keys.push(key);
    }
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const put = (register: string, id: string, record: object) =>
    svc.call('PUT', `/admin/sandbox/${register}/companies/${id}`, { admin: true, body: { record } });
  const create = async (key: string, companyId: string, countryCode: string) => {
    const res = await svc.call('POST', '/v2/monitors', { key, body: { companyId, countryCode } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.id as string;
  };
  const notifications = (path: string) => rx.at(path).map((r) => JSON.parse(r.body));

  it('checks together the companies a snapshot changed, for every monitor of each', { timeout: 60_000 }, async () => {
    // The first sweep starts the feed at the present.
    await eventually(async () => (await svc.db.query(`select 1 from monitor_feed_cursors where country_code = 'US-NY'`)).length > 0);
    for (const [id, name] of [
      ['7200001', 'NORTH PIER SUPPLY INC.'],
      ['7200002', 'EAST BANK TOOLS INC.'],
      ['7200003', 'WEST END FOODS INC.'],
    ] as const) {
      assert.equal((await put('US-NY', id, usNy(id, name))).status, 200);
    }
    const [a1, a2, a3] = [
      await create(keys[0]!, '7200001', 'US-NY'),
      await create(keys[0]!, '7200002', 'US-NY'),
      await create(keys[0]!, '7200003', 'US-NY'),
    ];
    const b1 = await create(keys[1]!, '7200001', 'US-NY');

    await put('US-NY', '7200001', usNy('7200001', 'NORTH PIER GLOBAL INC.'));
    await put('US-NY', '7200002', usNy('7200002', 'EAST BANK TOOLS INC.', 'QUEENS'));
    assert.equal((await svc.call('DELETE', '/admin/sandbox/US-NY/companies/7200003', { admin: true })).status, 204);

    await eventually(async () => notifications('/a').length === 3 && notifications('/b').length === 1, 30_000);
    const byMonitor = new Map([...notifications('/a'), ...notifications('/b')].map((n) => [n.monitorId, n]));
    assert.deepEqual(byMonitor.get(a1).changeCategories, ['other']);
    assert.deepEqual(byMonitor.get(b1).changes, byMonitor.get(a1).changes, 'both accounts are told the same change');
    assert.deepEqual(byMonitor.get(a2).changeCategories, ['address']);
    assert.deepEqual(byMonitor.get(a3).changeCategories, ['disappeared']);
    assert.equal(byMonitor.get(a3).monitorHasBeenDeactivated, true);
    const [company] = await svc.db.query<{ version: number }>(`select version from monitored_companies where company_id = '7200001'`);
    assert.equal(company?.version, 2, 'one check of the company for both monitors');
  });

  it("shows the next read of the feed as the next check of a feed register's company, before its daily check", async () => {
    assert.equal((await put('US-NY', '7200004', usNy('7200004', 'SOUTH DOCK PAPER INC.'))).status, 200);
    // A feed read that starts after the new record has reported it, so no sweep marks the company due (and moves
    // its check to now) while this test reads the row: wait for two completed reads, the second begun after the first.
    const readAt = async () =>
      (await svc.db.query<{ at: Date }>(`select updated_at as at from monitor_feed_cursors where country_code = 'US-NY'`))[0]!.at.getTime();
    const first = await readAt();
    const second = await eventually(async () => ((await readAt()) > first ? readAt() : undefined));
    await eventually(async () => (await readAt()) > second);
    const id = await create(keys[0]!, '7200004', 'US-NY');
    const [row] = await svc.db.query<{ nextCheckAt: Date }>(
      `select next_check_at as "nextCheckAt" from monitored_companies where country_code = 'US-NY' and company_id = '7200004'`,
    );
    const due = row!.nextCheckAt.getTime() - Date.now();
    assert.ok(due > DAY - 3_600_000 && due <= DAY, `the row is due in a day (${row!.nextCheckAt.toISOString()})`);
    const shown = (await svc.call('GET', `/v2/monitors/${id}`, { key: keys[0]! })).body.nextCheckAt as string;
    const ahead = Date.parse(shown) - Date.now();
    assert.ok(ahead < 3_600_000 && ahead > -60_000, `next check ${shown}: the feed is read every sweep`);
  });

  it('checks a company of a register without a feed when its daily check is due', { timeout: 60_000 }, async () => {
    await put('TEST', 'SWEEP-DAILY', testCompany('Swept Daily Ltd'));
    const id = await create(keys[0]!, 'SWEEP-DAILY', 'TEST');
    await put('TEST', 'SWEEP-DAILY', testCompany('Swept Daily Group Ltd'));
    assert.equal((await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: DAY + 60_000 } })).status, 200);
    const n = await eventually(async () => notifications('/a').find((p) => p.monitorId === id), 30_000);
    assert.deepEqual(n.changeCategories, ['other']);
  });
});
