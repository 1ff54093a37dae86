import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

const COMPANY = 'C88001';

/** An MT company as the operator stores it (CONTRACT §5). */
const record = (name: string) => ({
  company: { name, type: 'Limited Liability Company', subtype: 'Private Exempt', suffix: 'Ltd.', state: 'Active' },
});

describe('monitors of a register without a change feed (MT) across a mapping change', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let key: string;
  before(async () => {
    svc = await startTestService();
    rx = await WebhookReceiver.start();
    key = (await svc.newAccount()).apiKey;
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/mt` } })).status, 201);
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const put = (name: string) => svc.call('PUT', `/admin/sandbox/MT/companies/${COMPANY}`, { admin: true, body: { record: record(name) } });
  const runChecks = async () => (await svc.call('POST', '/admin/monitors/run-checks', { admin: true })).body;
  const stored = async () =>
    (
      await svc.db.query<{ name: string; mapping_version: number; version: number; digest: string | null }>(
        `select data->'company'->>'legalName' as name, mapping_version, version, answer_digest as digest
           from monitored_companies where country_code = 'MT' and company_id = $1`,
        [COMPANY],
      )
    )[0]!;
  /** The stored snapshot as another mapping would have made it from the same answer (its legal name otherwise), by mapping `version`. */
  const madeBy = (version: number) =>
    svc.db.query(
      `update monitored_companies set data = jsonb_set(data, '{company,legalName}', '"HARBOUR BELL TRADING LTD"'), mapping_version = $2
        where country_code = 'MT' and company_id = $1`,
      [COMPANY, version],
    );

  it('a snapshot an earlier mapping made of the same register answer is taken afresh without a notification; a changed answer is told', {
    timeout: 60_000,
  }, async () => {
    assert.equal((await put('HARBOUR BELL TRADING LIMITED')).status, 200);
    const created = await svc.call('POST', '/v2/monitors', { key, body: { companyId: COMPANY, countryCode: 'MT' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const monitorId = created.body.id as string;
    const logs = async () => (await svc.call('GET', `/v2/monitors/${monitorId}/logs`, { key })).body.logs as any[];
    /** The clock a day on and the due checks run: how many were checked, and the monitor's newest log line. */
    const nextDaysCheck = async () => {
      await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 86_400_000 + 60_000 } });
      const { checked } = await runChecks();
      return { checked, line: (await logs())[0] };
    };
    const told = () =>
      rx
        .at('/mt')
        .map((r) => JSON.parse(r.body))
        .filter((p) => p.monitorId === monitorId);
    await eventually(async () => (await stored()).version === 1 || (await runChecks(), false));
    const baseline = await stored();
    assert.match(baseline.digest ?? '', /^[0-9a-f]{64}$/, 'the digest of the answer the baseline was read from');

    // An earlier mapping's snapshot of the answer the register still gives: the difference is ours, nobody is told.
    await madeBy(0);
    const { checked, line: remapped } = await nextDaysCheck();
    assert.equal(checked, 1);
    assert.deepEqual([remapped.fetchStatus, remapped.changeDetected, remapped.readFrom], ['success', false, 'register']);
    assert.deepEqual(await stored(), { ...baseline, name: 'HARBOUR BELL TRADING LIMITED', mapping_version: 1, version: 2 });
    assert.equal(told().length, 0);

    // An earlier mapping's snapshot again, but the register's answer changed too (the company renamed): told.
    await madeBy(0);
    assert.equal((await put('HARBOUR BELL SHIPPING LIMITED')).status, 200);
    const { line: renamed } = await nextDaysCheck();
    assert.deepEqual([renamed.fetchStatus, renamed.changeCategories], ['success', ['other']]);
    const n = await eventually(async () => told()[0]);
    assert.ok(
      n.changes.some((c: any) => c.path === 'company.legalName' && c.after === 'HARBOUR BELL SHIPPING LIMITED'),
      JSON.stringify(n.changes),
    );
    assert.notEqual((await stored()).digest, baseline.digest, 'the new answer’s digest kept');

    // The same answer, a snapshot today's mapping made otherwise (nothing explains the difference): told, as before.
    await madeBy(1);
    const { line: unexplained } = await nextDaysCheck();
    assert.deepEqual(unexplained.changeCategories, ['other']);
    await eventually(async () => told().length === 2);
    assert.equal(told().length, 2);
  });
});
