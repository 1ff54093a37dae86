import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { statementLog } from '../../src/store/trace.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

// The service counts its statements (src/store/trace.ts) from the start of this file's process.
process.env.REGISTRUM_STORE_TRACE = '1';

/**
 * Issue 22: the accepts and the settlements of concurrent onboarding requests are written together, a transaction and
 * a round trip (on the embedded store, a message to its thread) shared by several requests (StatementGroups,
 * ForeseenSettler's CommitGroups). What each caller sees, and what each account is charged, must be what it would be
 * with each request alone.
 */
describe('request path: concurrent onboarding requests written together', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => svc.close());

  const ask = (key: string, id: string) =>
    svc.call('POST', '/v2/company', { key, body: { id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] } });
  /** Runs `fn` in a transaction that first runs `lock`, and tells when that lock is held and what its backend is. */
  function holding(lock: string, params: unknown[], fn: (pid: number) => Promise<void>): { held: Promise<number>; done: Promise<void> } {
    let heldBy: (pid: number) => void = () => undefined;
    const held = new Promise<number>((r) => (heldBy = r));
    const done = svc.db.transaction(async (tx) => {
      await tx.query(lock, params);
      const [{ pid }] = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')) as [{ pid: number }];
      heldBy(pid);
      await fn(pid);
    });
    return { held, done };
  }

  /** Waits until a statement waits for the locks of backend `pid`, then a little longer, for others to queue behind. */
  async function waitedFor(pid: number): Promise<void> {
    await eventually(async () => {
      const [row] = await svc.db.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))',
        [pid],
      );
      return row!.n >= 1;
    });
    await new Promise((r) => setTimeout(r, 300));
  }

  /**
   * Sends the requests (PostgreSQL) while the accounts' rows are locked, then, once those are free, while the table of
   * billing events is: the accepts in flight wait for the rows, and the others queue behind them, to be written together
   * once the rows are free; then the settlements the same way. As under load, whatever this machine's speed.
   */
  async function whileStoreHeld<T>(accountIds: string[], send: () => Promise<T>): Promise<T> {
    const captures = holding('lock table billing_events in share mode', [], waitedFor);
    const accepts = holding('select id from accounts where id = any($1::text[]) for update', [accountIds], waitedFor);
    await Promise.all([captures.held, accepts.held]);
    const sending = send();
    await Promise.all([captures.done, accepts.done]);
    return sending;
  }
  /**
   * Sends the requests (the embedded store) while a transaction holds its one connection for a second: the first
   * accepts wait for it, and the others queue behind them in the service, to be written together once it ends.
   */
  async function whileEmbeddedStoreHeld<T>(send: () => Promise<T>): Promise<T> {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let heldNow: () => void = () => undefined;
    const held = new Promise<void>((r) => (heldNow = r));
    const holding = svc.db.transaction(async (tx) => {
      await tx.query('select 1');
      heldNow();
      await released;
    });
    await held;
    const sending = send();
    setTimeout(release, 1000);
    await holding;
    return sending;
  }
  const balance = async (key: string) => (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents as number;

  it('answers and charges each of 60 requests of two accounts sent at once as it would alone, each company once', {
    timeout: 60_000,
  }, async () => {
    const accounts = [await svc.newAccount({ credits: 100_000 }), await svc.newAccount({ credits: 100_000 })];
    // Each key used once before: what the requests wait for is the store's writes, not the keys' first reads.
    for (const { apiKey } of accounts) await balance(apiKey);
    statementLog.entries = [];
    statementLog.enabled = true;
    // Thirty companies per account, five of them asked twice at once.
    const sent = accounts.flatMap(({ apiKey }, a) =>
      Array.from({ length: 30 }, (_, i) => ({ key: apiKey, company: `GROUPS-${a}-${i < 25 ? i : i - 25}` })),
    );
    const send = () => Promise.all(sent.map((s) => ask(s.key, s.company)));
    const answers = await (svc.db.backend === 'postgres'
      ? whileStoreHeld(
          accounts.map((a) => a.id),
          send,
        )
      : whileEmbeddedStoreHeld(send));
    statementLog.enabled = false;

    for (const [i, res] of answers.entries()) {
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.request.companyId, sent[i]!.company, 'each caller hears of its own request');
      assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    }
    for (const { apiKey } of accounts) {
      const own = answers.filter((_, i) => sent[i]!.key === apiKey);
      const costs = own.map((r) => r.body.request.dataStatus.dataPoints.company.cost as number);
      const price = Math.max(...costs);
      assert.ok(price > 0);
      // Twenty-five companies: each charged once, its second request deduplicated against the first's charge.
      assert.equal(costs.filter((c) => c === price).length, 25, 'one charge per company');
      assert.equal(costs.filter((c) => c === 0).length, 5, 'the same company asked twice at once is charged once');
      assert.equal(await balance(apiKey), 100_000 - 25 * price, "the balance moved by the account's own charges");
    }
    const ids = new Set(answers.map((r) => r.body.request.requestId as string));
    const [{ charged }] = (await svc.db.query<{ charged: number }>(
      `select count(*)::int as charged from billing_events where request_id = any($1::text[]) and status = 'charged'`,
      [[...ids]],
    )) as [{ charged: number }];
    assert.equal(charged, 50);

    // Several requests' writes shared a statement (accepts) or a transaction (settlements).
    const sharing = (pattern: RegExp) => {
      const perTransaction = new Map<number, number>();
      for (const e of statementLog.entries)
        if (e.transaction !== undefined && pattern.test(e.sql))
          perTransaction.set(e.transaction, (perTransaction.get(e.transaction) ?? 0) + 1);
      return Math.max(0, ...perTransaction.values());
    };
    // The accepts of a group: one statement over arrays (acceptGroupStatement), several requests written by it.
    const accepts = statementLog.entries.filter((e) => /insert into requests/.test(e.sql));
    assert.ok(accepts.length < sent.length, `${accepts.length} accepts' statements for ${sent.length} requests`);
    assert.ok(
      accepts.some((e) => /group_requests/.test(e.sql)),
      'accepts of several requests in one statement',
    );
    assert.ok(sharing(/insert into billing_events/) > 1, 'settlements of several requests in one transaction');
  });

  it('accepts the requests a balance covers when a group holds more than it does, and refuses the rest with 402', {
    timeout: 60_000,
  }, async () => {
    const rich = await svc.newAccount({ credits: 100_000 });
    const first = await ask(rich.apiKey, 'GROUPS-PRICE');
    const price = first.body.request.dataStatus.dataPoints.company.cost as number;
    assert.ok(price > 0);
    // Enough for two requests: the group's statement for all cannot hold them, and each request then holds its own.
    const poor = await svc.newAccount({ credits: 2 * price + 1 });
    for (const { apiKey } of [rich, poor]) await balance(apiKey);
    const sent = [rich, poor].flatMap(({ apiKey }, a) =>
      Array.from({ length: 10 }, (_, i) => ({ key: apiKey, company: `GROUPS-POOR-${a}-${i}` })),
    );
    const send = () => Promise.all(sent.map((s) => ask(s.key, s.company)));
    const answers = await (svc.db.backend === 'postgres' ? whileStoreHeld([rich.id, poor.id], send) : whileEmbeddedStoreHeld(send));

    const statuses = (key: string) => answers.filter((_, i) => sent[i]!.key === key).map((r) => r.status);
    assert.deepEqual(statuses(rich.apiKey), Array(10).fill(200), 'every request of the account that can pay is answered');
    const poorStatuses = statuses(poor.apiKey);
    assert.equal(poorStatuses.filter((s) => s === 200).length, 2, 'two requests fit the poor balance');
    assert.equal(poorStatuses.filter((s) => s === 402).length, 8, 'the rest are refused for want of credits');
    for (const [i, res] of answers.entries())
      if (res.status === 402) assert.equal(res.body.error.code, 'insufficient_funds', JSON.stringify(res.body));
      else assert.equal(res.body.request.companyId, sent[i]!.company);
    assert.equal(await balance(rich.apiKey), 100_000 - 11 * price);
    assert.equal(await balance(poor.apiKey), 1);
    const [{ refused }] = (await svc.db.query<{ refused: number }>(`select count(*)::int as refused from requests where account_id = $1`, [
      poor.id,
    ])) as [{ refused: number }];
    assert.equal(refused, 2, 'a refused request is not stored');
  });
});
