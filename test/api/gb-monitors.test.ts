import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GbRegister } from '../../src/registers/gb/index.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const NUMBER = '11223344';
const record = (name: string, director: string) => ({
  profile: { company_name: name, company_status: 'active', type: 'ltd', date_of_creation: '2019-05-01', sic_codes: ['62020'] },
  officers: [{ name: director, officer_role: 'director', appointed_on: '2019-05-01', date_of_birth: { month: 2, year: 1980 } }],
});

describe('monitors of GB from the Streaming API', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount()).apiKey;
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/gb` } })).status, 201);
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const put = (r: object) => svc.call('PUT', `/admin/sandbox/GB/companies/${NUMBER}`, { admin: true, body: { record: r } });
  const runChecks = async () => (await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).body;
  const storedEvents = async () =>
    (await svc.db.query<{ n: string }>(`select count(*)::text as n from gb_stream_events where company_number = $1`, [NUMBER]))[0]!.n;

  it('a change made while the consumer was down reaches the monitor after the consumer restarts', { timeout: 60_000 }, async () => {
    assert.equal((await put(record('WESSEX STREAM LIMITED', 'ABBOTT, Clare'))).status, 200);
    // Storing the company is itself a change the stream reports (profile and officers).
    await eventually(async () => Number(await storedEvents()) >= 2, 10_000, 50);
    const monitor = await svc.call('POST', '/v2/monitors', { key, body: { companyId: NUMBER, countryCode: 'GB' } });
    assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
    // The feed may still hold the company's creation: checked against the monitor's first snapshot, nothing changed.
    assert.equal((await runChecks()).changed, 0);
    assert.equal((await runChecks()).checked, 0, 'nothing changed since, nothing due: GB is not polled per company');

    const gb = svc.registers.get('GB') as GbRegister;
    await gb.stopStream();
    const before = await storedEvents();
    assert.equal((await put(record('WESSEX STREAM GLOBAL LIMITED', 'BAXTER, Owen'))).status, 200);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await storedEvents(), before, 'no consumer, no event stored');
    assert.equal((await runChecks()).checked, 0);

    await gb.start();
    await eventually(async () => Number(await storedEvents()) >= Number(before) + 2, 10_000, 50);
    const run = await runChecks();
    assert.equal(run.checked, 1);
    assert.equal(run.changed, 1);
    const n = await eventually(async () =>
      rx
        .at('/gb')
        .map((r) => JSON.parse(r.body))
        .find((p) => p.monitorId === monitor.body.id),
    );
    assert.ok(
      n.changes.some((c: any) => c.path === 'company.legalName' && c.after === 'WESSEX STREAM GLOBAL LIMITED'),
      JSON.stringify(n),
    );
    assert.ok(n.changeCategories.length > 0);
  });

  it('a company struck off (dissolved) disappears: the monitor is told so and deactivated', { timeout: 60_000 }, async () => {
    const number = '11223355';
    const live = {
      ...record('SEVERN STRIKE LIMITED', 'COLE, Dana'),
      profile: { ...record('', '').profile, company_name: 'SEVERN STRIKE LIMITED' },
    };
    const putIt = (r: object) => svc.call('PUT', `/admin/sandbox/GB/companies/${number}`, { admin: true, body: { record: r } });
    assert.equal((await putIt(live)).status, 200);
    const monitor = await svc.call('POST', '/v2/monitors', { key, body: { companyId: number, countryCode: 'GB' } });
    assert.equal(monitor.status, 201, JSON.stringify(monitor.body));
    await runChecks();
    const dissolved = { ...live, profile: { ...live.profile, company_status: 'dissolved', date_of_cessation: '2026-11-24' } };
    assert.equal((await putIt(dissolved)).status, 200);
    const n = await eventually(
      async () => {
        await runChecks();
        return rx
          .at('/gb')
          .map((r) => JSON.parse(r.body))
          .find((p) => p.monitorId === monitor.body.id && p.changeCategories.includes('disappeared'));
      },
      20_000,
      200,
    );
    assert.deepEqual([n.changeCategories, n.monitorHasBeenDeactivated], [['disappeared'], true]);
    const after = await svc.call('GET', `/v2/monitors/${monitor.body.id}`, { key });
    assert.notEqual(after.body.status, 'active');
    // The company's own data is still served: it is on the register, dissolved.
    const company = await svc.call('POST', '/v2/company', {
      key,
      body: { countryCode: 'GB', id: number, mode: 'onboarding', dataPoints: ['company'] },
    });
    assert.equal(company.body.company.status.statusDetails.status, 'CLOSED');
  });
});
