import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { WebhookReceiver } from '../support/webhook-receiver.ts';

/** The TEST register's showcase groups (src/registers/testreg/README.md); every expansion is the TEST-OWNERSHIP block. */
const OWNERSHIP = 'TEST-OWNERSHIP';

describe('ownership graph through the API', () => {
  let svc: TestService;
  let rx: WebhookReceiver;
  let price: number;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '3000', RATE_LIMIT_PER_MINUTE: '100000' });
    rx = await WebhookReceiver.start();
    const pricing = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key: (await svc.newAccount()).apiKey });
    price = pricing.body.blocks.find((b: any) => b.sku === OWNERSHIP).modes.verification;
    assert.equal(pricing.body.datapoints.graph.pricingMode, 'variable');
  });
  after(async () => {
    await svc.close();
    await rx.close();
  });

  const account = async (credits = 100_000) => (await svc.newAccount({ credits })).apiKey;
  const post = (key: string, body: object) =>
    svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', dataPoints: ['graph'], ...body } });
  /** Posts a verification request and waits until none of its items is open. */
  const run = async (key: string, body: object) => {
    const created = await post(key, body);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    // Verification answers before its work is done (test/api/verification-retries.test.ts, with the register down); the
    // TEST register answers at once, so a job may have settled a data point before the answer is read: each is either
    // still running or delivered, none failed.
    for (const s of Object.values(created.body.request.dataStatus.dataPoints) as any[])
      assert.ok(['in_progress', 'succeeded'].includes(s.status), `verification answers at once, nothing failed: ${s.status}`);
    return eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${created.body.request.requestId}`, { key });
        const open = Object.values(r.body.request.dataStatus.dataPoints).some((s: any) => s.status === 'in_progress');
        return !open && r.body;
      },
      30_000,
      100,
    );
  };
  const eventsOf = async (key: string, requestId: string) =>
    (await svc.call('GET', `/v2/billing/events?first=100&requestId=${requestId}`, { key })).body.events as any[];
  const balance = async (key: string) => (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents as number;
  const node = (graph: any, id: string) => graph.nodes.find((n: any) => n.nodeId === id);
  const storeCompany = (id: string, record: object, behaviour?: object) =>
    svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, { admin: true, body: { record, ...(behaviour ? { behaviour } : {}) } });

  it('expands a group across levels: nodes by webhook and GET, one charge per company, equal to amountSpent', {
    timeout: 60_000,
  }, async () => {
    const key = await account();
    assert.equal((await svc.call('POST', '/v2/webhook-endpoints', { key, body: { url: `${rx.url}/graph` } })).status, 201);
    const body = await run(key, { id: 'GRAPH-PATHS' });
    const { graph } = body;
    const companies = ['GRAPH-PATHS', 'NL-30124578', 'CY-HE402113', 'LU-B198765'];
    assert.deepEqual(
      graph.nodes.filter((n: any) => n.company).map((n: any) => n.nodeId),
      companies.map((id) => `TEST:${id}`),
    );
    assert.equal(node(graph, 'TEST:LU-B198765').totalOwnershipPercentage, 41, 'the shared parent holds through both holdings');
    assert.equal(node(graph, 'TEST:NL-30124578').company.legalName, 'Meridian Beheer B.V.');
    const ubos = graph.nodes.filter((n: any) => n.flags.isUbo).map((n: any) => [n.totalOwnershipPercentage, n.flags.uboCalculationDetail]);
    assert.deepEqual(ubos.sort(), [
      [35, ['direct_shareholding', 'indirect_shareholding']],
      [41, ['indirect_shareholding']],
    ]);
    assert.equal(graph.nodes.filter((n: any) => n.individual).length, 4);
    assert.deepEqual(graph.metadata, {
      amountSpent: 4 * price,
      companiesFetched: 4,
      companiesSkipped: 0,
      interactive: false,
      stoppedReason: 'completed',
      stopDetail: 'complete',
    });
    assert.match(graph.mermaidDiagram, /^flowchart TD\n/);
    assert.match(graph.description, /Meridian Shipping Ltd \(TEST:GRAPH-PATHS\) is ultimately owned by .+ \(41%, indirect\)/);
    assert.equal(body.request.dataStatus.dataPoints.graph.cost, 4 * price);
    assert.equal(body.request.companyLegalName, 'Meridian Shipping Ltd');

    const events = await eventsOf(key, body.request.requestId);
    assert.deepEqual(
      events.map((e) => [e.companyId, e.sku, e.status, e.amount]).sort(),
      companies.map((id) => [id, OWNERSHIP, 'charged', price]).sort(),
    );
    assert.equal(
      events.reduce((s, e) => s + e.amount, 0),
      graph.metadata.amountSpent,
    );
    assert.equal(await balance(key), 100_000 - graph.metadata.amountSpent);
    const pushed = await eventually(async () =>
      rx
        .at('/graph')
        .map((r) => JSON.parse(r.body))
        .find((p) => p.request.requestId === body.request.requestId && p.graph),
    );
    assert.deepEqual(pushed.graph, graph);
  });

  it('deduplicates expansions for 24 hours, with shareholder requests too: a deduplicated company costs 0', {
    timeout: 60_000,
  }, async () => {
    const key = await account();
    const owners = await run(key, { id: 'NL-30124578', dataPoints: ['shareholders'] });
    assert.equal(owners.request.dataStatus.dataPoints.shareholders.cost, price);
    const first = await run(key, { id: 'GRAPH-PATHS' });
    assert.equal(first.graph.metadata.amountSpent, 3 * price, 'the Dutch holding was paid for by the shareholders request');
    const linked = (await eventsOf(key, first.request.requestId)).find((e) => e.companyId === 'NL-30124578');
    assert.equal(linked.status, 'deduplicated');
    assert.equal(linked.linkedEventId, (await eventsOf(key, owners.request.requestId))[0].id);

    const again = await run(key, { id: 'GRAPH-PATHS' });
    assert.equal(again.graph.metadata.amountSpent, 0);
    assert.equal(again.request.dataStatus.dataPoints.graph.cost, 0);
    assert.deepEqual(
      (await eventsOf(key, again.request.requestId)).map((e) => [e.status, e.amount]),
      Array(4).fill(['deduplicated', 0]),
    );
    assert.deepEqual(again.graph.nodes, first.graph.nodes);
    assert.equal(await balance(key), 100_000 - 4 * price);
    // The next day everything is charged again.
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 25 * 3_600_000 } });
    assert.equal((await run(key, { id: 'GRAPH-PATHS', graphInteractive: true })).graph.metadata.amountSpent, price);
  });

  it('stops at graphMaxBudget with continuations, and resumes from them in later requests', { timeout: 60_000 }, async () => {
    const key = await account();
    const first = await run(key, { id: 'GRAPH-CHAIN', graphMaxBudget: price + price / 2 });
    assert.equal(first.graph.metadata.amountSpent, price);
    assert.equal(first.graph.metadata.stopDetail, 'graph_budget');
    assert.deepEqual(node(first.graph, 'TEST:LU-B245871').continuation, {
      reason: 'budget',
      estimatedCost: price,
      depth: 1,
      accumulatedOwnership: 80,
    });
    assert.equal(
      first.graph.nodes.some((n: any) => n.flags.isUbo || n.flags.isUboProxy),
      false,
      '80% is still above the holding',
    );

    const second = await run(key, { id: 'GRAPH-CHAIN', graphMaxBudget: price, graphContinueFromNodeIds: ['TEST:LU-B245871'] });
    assert.equal(second.graph.metadata.amountSpent, price, 'the requested company again costs 0, the holding its price');
    assert.deepEqual(node(second.graph, 'TEST:JE-128845').continuation, {
      reason: 'budget',
      estimatedCost: price,
      depth: 2,
      accumulatedOwnership: 56,
    });
    assert.deepEqual((await eventsOf(key, second.request.requestId)).map((e) => [e.companyId, e.status]).sort(), [
      ['GRAPH-CHAIN', 'deduplicated'],
      ['LU-B245871', 'charged'],
    ]);

    const third = await run(key, { id: 'GRAPH-CHAIN', graphContinueFromNodeIds: ['TEST:JE-128845'] });
    assert.equal(third.graph.metadata.stopDetail, 'complete');
    assert.equal(third.graph.metadata.amountSpent, price);
    const ubo = third.graph.nodes.find((n: any) => n.flags.isUbo);
    assert.equal(ubo.totalOwnershipPercentage, 33.6);
    assert.deepEqual(ubo.flags.uboCalculationDetail, ['indirect_shareholding']);
    assert.equal(await balance(key), 100_000 - 3 * price);
  });

  it('applies maxBudget to the whole request and never spends beyond the balance', { timeout: 60_000 }, async () => {
    const key = await account();
    const profile = (await svc.call('GET', '/v2/pricing?countryCode=TEST', { key })).body.blocks.find((b: any) => b.sku === 'TEST-PROFILE')
      .modes.verification;
    const capped = await run(key, { id: 'GRAPH-CHAIN', dataPoints: ['company', 'graph'], maxBudget: profile + price });
    assert.equal(capped.graph.metadata.stopDetail, 'max_budget');
    assert.equal(capped.graph.metadata.amountSpent, price);
    assert.equal(await balance(key), 100_000 - profile - price);

    const poor = await account(price + 10);
    const broke = await run(poor, { id: 'GRAPH-CYCLE' });
    assert.equal(broke.graph.metadata.stopDetail, 'insufficient_funds');
    assert.equal(await balance(poor), 10);
  });

  it('interactive: one level; cycles: each company once; dead ends: the UBO proxy', { timeout: 60_000 }, async () => {
    const key = await account();
    const one = await run(key, { id: 'GRAPH-CYCLE', graphInteractive: true });
    assert.deepEqual(one.graph.metadata, {
      amountSpent: price,
      companiesFetched: 1,
      companiesSkipped: 1,
      interactive: true,
      stoppedReason: 'max_depth_reached',
      stopDetail: 'interactive',
    });
    assert.equal(node(one.graph, 'TEST:MT-C81234').continuation.estimatedCost, price);

    const cycle = await run(key, { id: 'GRAPH-CYCLE' });
    assert.equal(cycle.graph.metadata.companiesFetched, 3);
    assert.equal(cycle.graph.metadata.amountSpent, 2 * price, 'the requested company was paid for a moment ago');
    assert.ok(cycle.graph.edges.some((e: any) => e.toId === 'TEST:GRAPH-CYCLE' && e.fromId === 'TEST:MT-C81234' && e.percentage === 40));
    assert.deepEqual(
      cycle.graph.nodes
        .filter((n: any) => n.flags.isUbo)
        .map((n: any) => n.totalOwnershipPercentage)
        .sort(),
      [29.4, 30],
    );

    const trust = await run(key, { id: 'GRAPH-TRUST', dataPoints: ['graph', 'legalRepresentatives'] });
    const proxy = trust.graph.nodes.filter((n: any) => n.flags.isUboProxy);
    assert.equal(proxy.length, 1);
    assert.equal(proxy[0].individual.name.fullName, trust.legalRepresentatives[0].individual.name.fullName);
    assert.deepEqual(proxy[0].flags.uboCalculationDetail, ['senior_managing_official']);
    assert.equal(
      trust.graph.nodes.some((n: any) => n.flags.isUbo || n.continuation),
      false,
    );
    assert.equal(node(trust.graph, 'KY:MC-99881').company.legalName, 'Harbour Nominees (Cayman) Ltd');
    assert.equal(trust.graph.metadata.amountSpent, 2 * price);
    assert.match(trust.graph.description, /Harbour Trust Foundation \(TEST:JE-FDN-55120\) lists no shareholders/);
    assert.match(trust.graph.description, /no register for KY is served/);
  });

  it('charges the requested company once when its shareholders are asked beside the graph', { timeout: 60_000 }, async () => {
    const key = await account();
    const both = await run(key, { id: 'GRAPH-CHAIN', dataPoints: ['shareholders', 'graph'] });
    assert.equal(both.request.dataStatus.dataPoints.shareholders.cost, price);
    assert.equal(both.request.dataStatus.dataPoints.graph.cost, 2 * price);
    assert.equal(both.graph.metadata.amountSpent, 2 * price);
    const events = await eventsOf(key, both.request.requestId);
    assert.deepEqual(events.map((e) => e.companyId).sort(), ['GRAPH-CHAIN', 'JE-128845', 'LU-B245871']);
    assert.equal(await balance(key), 100_000 - 3 * price);
  });

  it('retries a register that fails once without charging twice; after the retry window delivers what it has', {
    timeout: 90_000,
  }, async () => {
    const key = await account();
    const owner = (id: string, pct: number) => ({
      type: 'company',
      company: { id, countryCode: 'TEST', legalName: `${id} Ltd` },
      sharePercentage: pct,
    });
    const person = (name: string, pct: number) => ({
      type: 'individual',
      entityId: name,
      individual: { name: { fullName: name } },
      sharePercentage: pct,
    });
    await storeCompany('FLAKY-ROOT', {
      company: { legalName: 'Flaky Root Ltd' },
      shareholders: [owner('FLAKY-PARENT', 60), person('Pat', 40)],
    });
    await storeCompany('FLAKY-PARENT', { shareholders: [person('Quinn', 100)] }, { failTimes: 1 });
    const retried = await run(key, { id: 'FLAKY-ROOT' });
    assert.equal(retried.graph.metadata.stopDetail, 'complete');
    assert.deepEqual((await eventsOf(key, retried.request.requestId)).map((e) => [e.companyId, e.status]).sort(), [
      ['FLAKY-PARENT', 'charged'],
      ['FLAKY-ROOT', 'charged'],
    ]);
    const attempts = await svc.db.query<{ attempts: number }>(
      `select attempts from request_items where request_id = $1 and name = 'graph'`,
      [retried.request.requestId],
    );
    assert.ok(attempts[0]!.attempts >= 2, 'the graph task ran again');

    await storeCompany('DOWN-ROOT', { shareholders: [owner('DOWN-PARENT', 60), person('Pat', 40)] });
    await storeCompany('DOWN-PARENT', { shareholders: [person('Quinn', 100)] }, { unavailable: true });
    const down = await run(key, { id: 'DOWN-ROOT' });
    assert.equal(down.request.dataStatus.dataPoints.graph.status, 'succeeded');
    assert.equal(down.graph.metadata.stopDetail, 'register_unavailable');
    assert.deepEqual(node(down.graph, 'TEST:DOWN-PARENT').continuation, {
      reason: 'budget',
      estimatedCost: price,
      depth: 1,
      accumulatedOwnership: 60,
    });
    assert.equal(down.graph.metadata.amountSpent, price);
    assert.equal(down.request.dataStatus.dataPoints.graph.cost, price);
  });

  it('refuses a malformed continuation node id; the graph is not offered in onboarding mode', async () => {
    const key = await account();
    const bad = await post(key, { id: 'GRAPH-CHAIN', graphContinueFromNodeIds: ['LU-B245871'] });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body.error.details), /graphContinueFromNodeIds/);
    assert.equal((await post(key, { id: 'GRAPH-CHAIN', mode: 'onboarding' })).status, 406);
  });
});
