import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventsPart } from '../../src/billing/repository/statement-parts.ts';
import { locksAreNoOps } from '../../src/store/db.ts';
import { composeStatement } from '../../src/store/statement.ts';
import { statementLog } from '../../src/store/trace.ts';
import { startTestService, type TestService } from '../support/service.ts';

// The service counts its statements (src/store/trace.ts) from the start of this file's process.
process.env.REGISTRUM_STORE_TRACE = '1';

const COMPANY = 'HISTORY-1';
/**
 * Statements that timers of the process run beside requests: the process lease, the orphan sweeper (its read of the
 * process's own stranded requests, src/retrieval/orphans.ts, names no lease table), the sandbox clock, the job engine
 * (its schema: pgboss, or a test's <schema>_jobs), monitors, the GB register's snapshot timers (`gb_*`); and the sandbox
 * register's own reads of its records (`sandbox_*`: the emulated register's side of the call, a snapshot kept for a
 * second, so that a repeat reads them or not).
 */
const BACKGROUND =
  /process_leases|where lease_owner = \$1 and created_at < \$2|from settings|pgboss\.|_jobs\.|monitored_companies|sandbox_|gb_/;
/**
 * Statements beside an onboarding request's path that one request may meet: the key's first use, the billing
 * notifications' checks (at most once a second per account), the webhook retention's sweep.
 */
const BESIDE = /api_keys|billing_notification_|^with old as \(\s+select m\.id from webhook_messages/;
const body = { id: COMPANY, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] };

/**
 * Issue 22: the work of a request does not grow with what came before it. A repeat of one company within the dedup
 * window is the worst case: each repeat leaves a deduplicated billing event, a request and its items, and ledger
 * entries behind, and the deduplication of the next one used to read every earlier event of the company.
 */
describe('request path: the cost of a request is independent of history', () => {
  let svc: TestService;
  let key: string;
  let accountId: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    ({ apiKey: key, id: accountId } = await svc.newAccount({ credits: 1_000_000 }));
  });
  after(() => svc.close());

  /**
   * Statements the service ran for one repeat and the rows they returned, those of the process's timers left out;
   * the fewest of three repeats (a just-started service still runs its start-up work beside the first).
   */
  async function costOfARepeat(): Promise<{ statements: number; rows: number }> {
    const counts: { statements: number; rows: number }[] = [];
    for (let i = 0; i < 3; i++) {
      statementLog.entries = [];
      statementLog.enabled = true;
      const res = await svc.call('POST', '/v2/company', { key, body });
      // What the request set off after answering (its company.updated check) is part of its work.
      await new Promise((r) => setTimeout(r, 50));
      statementLog.enabled = false;
      assert.equal(res.status, 200);
      assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
      assert.equal(res.body.request.dataStatus.dataPoints.company.cost, 0, 'a repeat is deduplicated');
      const own = statementLog.entries.filter((e) => !BACKGROUND.test(e.sql));
      counts.push({ statements: own.length, rows: own.reduce((n, e) => n + e.rows, 0) });
    }
    return counts.sort((a, b) => a.statements - b.statements || a.rows - b.rows)[0]!;
  }

  /**
   * A charge of the company's profile block made elsewhere (another process, or before a restart), written by SQL: the
   * request `req_<name>` and its charged event `bev_<name>`.
   */
  async function chargeElsewhere(name: string, company: string, at: Date): Promise<void> {
    await svc.db.query(
      `insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, created_at, updated_at)
       values ($4, $1, 'TEST', $2, 'onboarding', '["company"]', '[]', $3, $3)`,
      [accountId, company, at, `req_${name}`],
    );
    await svc.db.query(
      `insert into billing_events (id, account_id, request_id, country_code, company_id, kind, sku, unit_key, amount, status,
         basis_at, created_at)
       values ($5, $1, $4, 'TEST', $2, 'dataBlock', 'TEST-PROFILE', 'TEST-PROFILE', 100, 'charged', $3, $3)`,
      [accountId, company, at, `req_${name}`, `bev_${name}`],
    );
  }

  it("charges a company not asked for lately and reads the answer with the statement that commits it, and ends the process's lease", async () => {
    statementLog.entries = [];
    statementLog.enabled = true;
    const res = await svc.call('POST', '/v2/company', { key, body: { ...body, id: 'HISTORY-FRESH' } });
    statementLog.enabled = false;
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    // The capture's statement reads the answer (itemUpdatePart's `answer`): no read of the request follows it.
    const answerReads = statementLog.entries.filter((e) => e.sql.includes('with released as'));
    assert.equal(answerReads.length, 0, 'no read of the answer after the settlement');
    const captures = statementLog.entries.filter((e) => e.sql.includes('"answerRequest"'));
    assert.equal(captures.length, 1, 'the capture reads the answer');
    // A company the account has not asked for: the accept, the request's lock with the unit's (on PostgreSQL), and the
    // capture, which charges without reading first (BillingSettlement.settleForeseen), writes the item and answers.
    const path = statementLog.entries.filter((e) => !BACKGROUND.test(e.sql) && !BESIDE.test(e.sql));
    assert.equal(path.length, locksAreNoOps(svc.db) ? 2 : 3, path.map((e) => e.sql.slice(0, 80)).join('\n'));
    const [row] = await svc.db.query<{ lease: string | null }>('select lease_owner as lease from requests where id = $1', [
      res.body.request.requestId,
    ]);
    assert.equal(row!.lease, null, 'the lease ended with the settlement');
    // The legal name the delivery read is recorded with the item (lists and webhooks show it).
    assert.equal(typeof res.body.request.companyLegalName, 'string');
    // The answer is the request as stored: what GET answers.
    const got = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
    assert.deepEqual(got.body, res.body);
  });

  it("charges each data point of a new company's request in one statement, all in one transaction, and answers with the last", async () => {
    statementLog.entries = [];
    statementLog.enabled = true;
    const dataPoints = ['company', 'legalRepresentatives', 'shareholders'];
    const res = await svc.call('POST', '/v2/company', { key, body: { ...body, id: 'HISTORY-FRESH-3', dataPoints } });
    statementLog.enabled = false;
    assert.equal(res.status, 200);
    for (const dp of dataPoints) {
      const item = res.body.request.dataStatus.dataPoints[dp];
      assert.equal(item.status, 'succeeded', dp);
      assert.ok(item.cost > 0, `${dp} is charged`);
    }
    // The accept, then the request's lock with the units' (on PostgreSQL) and each data point's capture, in one
    // transaction: the data points were delivered together, and settled together (ItemSettler.succeedForeseen).
    const path = statementLog.entries.filter((e) => !BACKGROUND.test(e.sql) && !BESIDE.test(e.sql));
    const shown = path.map((e) => `${e.transaction ?? '-'} ${e.sql.slice(0, 80)}`).join('\n');
    assert.equal(path.length, locksAreNoOps(svc.db) ? 4 : 5, shown);
    const settlements = path.slice(1);
    assert.equal(settlements.filter((e) => e.sql.includes('with foreseen_reservation')).length, 3, shown);
    assert.ok(settlements[0]!.transaction !== undefined, shown);
    assert.ok(
      settlements.every((e) => e.transaction === settlements[0]!.transaction),
      `the settlements share one transaction:\n${shown}`,
    );
    assert.equal(statementLog.entries.filter((e) => e.sql.includes('with released as')).length, 0, 'no read of the answer');
    const got = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
    assert.deepEqual(got.body, res.body);
    const [row] = await svc.db.query<{ lease: string | null }>('select lease_owner as lease from requests where id = $1', [
      res.body.request.requestId,
    ]);
    assert.equal(row!.lease, null, 'the lease ended with the last settlement');
  });

  it("holds and charges a request without writing the account's row, which every request's rows reference", async () => {
    // Each foreign key to the account locks its row; a row that also took every hold gained a version per request and
    // a multixact of lockers, which each key check then read through (migration 020: the balance is a row of its own).
    const accountRow = async () =>
      (await svc.db.query<{ version: string }>('select xmin::text as version from accounts where id = $1', [accountId]))[0]!.version;
    const balance = async () => (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents as number;
    const [versionBefore, balanceBefore] = [await accountRow(), await balance()];
    const res = await svc.call('POST', '/v2/company', { key, body: { ...body, id: 'HISTORY-ACCOUNT-ROW' } });
    assert.equal(res.status, 200);
    const cost = res.body.request.dataStatus.dataPoints.company.cost;
    assert.ok(cost > 0, 'the request is charged');
    assert.equal(await balance(), balanceBefore - cost, 'the balance moved by the charge');
    assert.equal(await accountRow(), versionBefore, "the account's row is the version it was before the request");
  });

  it('accepts a company this process has not seen, but the account was charged for within its window, as deduplicated', async () => {
    // The charge was made elsewhere (another process, or before a restart): written by SQL, a minute ago.
    const company = 'HISTORY-ELSEWHERE';
    const at = new Date(svc.clock.nowMs() - 60_000);
    await chargeElsewhere('elsewhere', company, at);
    // With no credit to spend, only a deduplicated block fits: the accept's statement found the charge and the request
    // was quoted from the history, not as a first request of the company.
    const res = await svc.call('POST', '/v2/company', { key, body: { ...body, id: company, maxBudget: 0 } });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(res.body.request.dataStatus.dataPoints.company.cost, 0);
  });

  it('deduplicates a company first asked for here when it was charged elsewhere while its register answered', async () => {
    // DELAY_1M: the register answers 600 ms later (a hundredth of a minute, on the sandbox's time scale).
    const company = 'HISTORY-RACE-DELAY_1M';
    statementLog.entries = [];
    statementLog.enabled = true;
    const answered = svc.call('POST', '/v2/company', { key, body: { ...body, id: company } });
    // Accepted as a company without history: its hold is in place, its register still answering.
    let accepted: { id: string }[] = [];
    for (let i = 0; i < 200 && accepted.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      accepted = await svc.db.query<{ id: string }>('select id from requests where account_id = $1 and company_id = $2', [
        accountId,
        company,
      ]);
    }
    assert.equal(accepted.length, 1, 'accepted before the register answered');
    // Meanwhile another process charges the account for the company's block (written by SQL).
    const at = new Date(svc.clock.nowMs());
    await chargeElsewhere('race', company, at);
    const res = await answered;
    statementLog.enabled = false;
    assert.equal(res.status, 200);
    // The one-statement charge (BillingSettlement.settleForeseen) found the charge and wrote nothing; the usual settlement
    // that followed deduplicated the block against it.
    assert.ok(
      statementLog.entries.some((e) => e.sql.includes('with foreseen_reservation')),
      'the one-statement charge was tried',
    );
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(res.body.request.dataStatus.dataPoints.company.cost, 0);
    const events = await svc.db.query<{ status: string; linked: string }>(
      'select status, linked_event_id as linked from billing_events where request_id = $1',
      [accepted[0]!.id],
    );
    assert.deepEqual(events, [{ status: 'deduplicated', linked: 'bev_race' }]);
  });

  it('runs as many statements, returning as many rows, for the 1,000th repeat of a company as for the first, and still deduplicates it', async () => {
    const first = await svc.call('POST', '/v2/company', { key, body });
    assert.equal(first.status, 200);
    const price = first.body.request.dataStatus.dataPoints.company.cost;
    assert.ok(price > 0, 'the first request is charged');
    // The first repeat is the only one that finds no deduplicated event before it (its lookup returns one row less).
    assert.equal((await svc.call('POST', '/v2/company', { key, body })).status, 200);
    const firstRepeats = await costOfARepeat();

    // 1,000 earlier repeats, written by SQL (1,000 HTTP requests take minutes on a busy machine): each a request with
    // its item, a deduplicated event linked to the charge, and a hold and its release in the ledger, all within the
    // window of the repeat that follows.
    const [charge] = await svc.db.query<{ id: string }>(
      `select id from billing_events where account_id = $1 and company_id = $2 and status = 'charged'`,
      [accountId, COMPANY],
    );
    assert.ok(charge);
    const now = svc.clock.now();
    await svc.db.query(
      `insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, created_at, updated_at)
       select 'req_history_' || n, $1, 'TEST', $2, 'onboarding', '["company"]', '[]', $3::timestamptz - n * interval '1 second',
              $3::timestamptz - n * interval '1 second'
         from generate_series(1, 1000) n`,
      [accountId, COMPANY, now],
    );
    await svc.db.query(
      `insert into request_items (request_id, kind, name, status, cost, result, billing_unit, updated_at)
       select 'req_history_' || n, 'dataPoint', 'company', 'succeeded', 0, '{}', 'TEST-PROFILE', $1::timestamptz - n * interval '1 second'
         from generate_series(1, 1000) n`,
      [now],
    );
    await svc.db.query(
      `insert into billing_events (id, account_id, request_id, country_code, company_id, kind, sku, unit_key, amount, status,
         linked_event_id, basis_at, created_at)
       select 'bev_history_' || n, $1, 'req_history_' || n, 'TEST', $2, 'dataBlock', 'TEST-PROFILE', 'TEST-PROFILE', 0,
              'deduplicated', $3, $4::timestamptz - n * interval '1 second', $4::timestamptz - n * interval '1 second'
         from generate_series(1, 1000) n`,
      [accountId, COMPANY, charge.id, now],
    );
    await svc.db.query(
      `insert into ledger_entries (id, account_id, amount, kind, reference, created_at)
       select 'led_history_' || n || '_' || k, $1, case k when 1 then -$2::int8 else $2::int8 end,
              case k when 1 then 'reservation' else 'release' end, 'hold:req_history_' || n, $3
         from generate_series(1, 1000) n, generate_series(1, 2) k`,
      [accountId, price, now],
    );
    const balance = (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents;

    // A repeat's statements: the accept, quoted from the charge this process made (KnownCharges: deduplicated for
    // certain, no read of the history), and the settlement, which writes the deduplicated event linked to that charge,
    // the item, the legal name and the lease's end, and reads the answer, in one statement that commits; on PostgreSQL
    // the request's lock goes ahead of it, in the same round trip (the embedded store runs one transaction at a time).
    const statements = locksAreNoOps(svc.db) ? 2 : 3;
    assert.equal(firstRepeats.statements, statements, `a repeat runs ${statements} statements`);

    const laterRepeats = await costOfARepeat();
    // Equal statements, and equal rows read: no statement returns more because more came before.
    assert.deepEqual(laterRepeats, firstRepeats, 'a repeat after 1,000 others costs what the first did');
    // Nothing charged twice, and the balance is still the ledger's sum.
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents, balance);
    const [sum] = await svc.db.query<{ total: number }>('select sum(amount)::int8 as total from ledger_entries where account_id = $1', [
      accountId,
    ]);
    assert.equal(sum!.total, balance);
    const charges = await svc.db.query(`select 1 from billing_events where account_id = $1 and company_id = $2 and status = 'charged'`, [
      accountId,
      COMPANY,
    ]);
    assert.equal(charges.length, 1);
    // Every repeat made here is deduplicated against that charge.
    const linked = await svc.db.query<{ linked: string | null }>(
      `select distinct linked_event_id as linked from billing_events
        where account_id = $1 and company_id = $2 and status = 'deduplicated' and request_id not like 'req_history_%'`,
      [accountId, COMPANY],
    );
    assert.deepEqual(linked, [{ linked: charge.id }]);

    // Rows returned are not rows read: deduplication's read of the unit's events must walk its index newest first and
    // stop at its limits, not fetch the 1,000 deduplicated events of the window and sort them. Planned as a burst of
    // writes leaves it, before the table's statistics catch up: PostgreSQL then read all 1,009 events without `id` in
    // the index (migration 017), 2 with it.
    const subject = { accountId, countryCode: 'TEST', companyId: COMPANY };
    const { sql, params } = composeStatement(
      [eventsPart(subject, [{ unitKey: 'TEST-PROFILE', windowMs: 86_400_000 }], svc.clock.nowMs(), 'unit_events')],
      'select * from unit_events',
    );
    const [explained] = await svc.db.query<Record<string, unknown>>(`explain (analyze, format json) ${sql}`, params);
    const plan = Object.values(explained!)[0] as [{ Plan: PlanNode }];
    const read = eventsRead(plan[0].Plan);
    assert.ok(read <= 4, `the deduplication read ${read} billing events`);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Billing events the plan's scans produced or filtered out: what it read of the table. */
function eventsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'billing_events' ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + eventsRead(p), 0);
}
