// Requests the incumbent accepts are accepted here (issue 17): re-reading by requestId, graph continuations without
// the company id, decimal budgets, transliterate in the query, unknown fields ignored and reported, typos refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

describe('requests as the incumbent accepts them', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount({ credits: 10_000_000 })).apiKey;
  });
  after(() => svc.close());

  const post = (body: object, path = '/v2/company') => svc.call('POST', path, { key, body });
  /** A verification request (the graph's only mode), polled until every item settled. */
  const settled = async (body: object) => {
    const res = await post(body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return Object.values(r.body.request.dataStatus.dataPoints).every((e: any) => e.status === 'succeeded' || e.status === 'failed') && r;
    }, 30_000);
  };
  const events = async () => (await svc.call('GET', '/v2/billing/events?first=100', { key })).body.events.length as number;

  it('re-reads a result with POST and only its requestId, unbilled, with fresh signed URLs', async () => {
    const made = await post({ id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company', 'availableDocuments'] });
    assert.equal(made.status, 200);
    const docId = made.body.availableDocuments[0].id;
    const docs = await post({ id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', documents: [docId] });
    const billed = await events();
    const url = JSON.stringify(docs.body.documents).match(/"url":"([^"]+)"/)![1];
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 60_000 } });

    const again = await post({ requestId: docs.body.request.requestId });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.request.requestId, docs.body.request.requestId);
    const fresh = JSON.stringify(again.body.documents).match(/"url":"([^"]+)"/)![1];
    assert.notEqual(fresh, url, 'the signed URL is signed again');
    assert.equal(await events(), billed, 'not billed');
    const legacy = await post({ requestId: made.body.request.requestId }, '/v2/onboarding');
    assert.equal(legacy.status, 200);
    assert.equal(legacy.body.request.country, 'TEST');

    assert.equal((await post({ requestId: 'req_nope' })).status, 404);
    const mixed = await post({ requestId: made.body.request.requestId, id: 'ACME-HOLDING' });
    assert.equal(mixed.status, 400, 'requestId re-reads: it comes alone');
    assert.equal((await post({ dataPoints: ['company'] })).status, 400, 'neither a company nor a request id');
  });

  it('continues a graph from a truncated node without the company id, and takes budgets as decimals', async () => {
    const price = (await svc.call('GET', '/v2/pricing?countryCode=TEST', { key })).body.datapoints.shareholders.modes.verification;
    // One company's worth and a half: the root is expanded, its corporate owner is left for a continuation.
    const first = await settled({ id: 'GRAPH-CHAIN', countryCode: 'TEST', dataPoints: ['graph'], graphMaxBudget: price + 0.5 });
    const truncated = first.body.graph.nodes.find((n: any) => n.continuation);
    assert.equal(truncated?.nodeId, 'TEST:LU-B245871', 'the budget left a continuation');
    // Drawn as the incumbent draws it: the chip a continuation can expand, edges from the owned company to its owner.
    assert.equal(truncated.flags.status, 'budget_truncated');
    assert.equal(truncated.type, 'company');
    assert.equal(truncated.continuation.reason, 'budget');
    // Its edge runs from what it owns (fromId) to it (toId).
    assert.ok(first.body.graph.edges.some((e: any) => e.fromId === 'TEST:GRAPH-CHAIN' && e.toId === truncated.nodeId));
    assert.ok(['completed', 'budget_exhausted'].includes(first.body.graph.metadata.stoppedReason));
    assert.equal(first.body.graph.metadata.stopDetail, 'graph_budget');
    const next = await settled({ graphContinueFromNodeIds: [truncated.nodeId], graphMaxBudget: 100_000.5 });
    assert.equal(next.body.request.companyId, 'GRAPH-CHAIN');
    assert.ok(next.body.graph.nodes.length > first.body.graph.nodes.length, 'the continuation expanded the node');
    assert.equal((await post({ graphContinueFromNodeIds: ['TEST:NEVER-SEEN'] })).status, 404);

    const capped = await post({
      id: 'ACME-HOLDING',
      countryCode: 'TEST',
      mode: 'onboarding',
      dataPoints: ['shareholders'],
      maxBudget: 0.99,
    });
    assert.equal(capped.status, 200);
    assert.equal(capped.body.request.dataStatus.dataPoints.shareholders.error.code, 'budget_exceeded', 'a budget of 0.99 caps at 0');
  });

  it('takes transliterate in the query of POST /v2/company as in the body', async () => {
    const body = { id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] };
    const res = await svc.call('POST', '/v2/company?transliterate=true', { key, body });
    assert.equal(res.status, 200);
    assert.equal(res.body.company.legalName, (await post(body)).body.company.legalName);
    assert.equal((await svc.call('POST', '/v2/company?transliterate=maybe', { key, body })).status, 400);
  });

  it('ignores unknown body fields and query parameters and names them in x-ignored-fields; a typo of a known one is a 400', async () => {
    const res = await post({ id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', caseReference: 'c-1', clientVersion: 3 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.headers.get('x-ignored-fields'), 'body.caseReference, body.clientVersion');
    const list = await svc.call('GET', '/v2/monitors?first=5&sort=desc', { key });
    assert.equal(list.status, 200);
    assert.equal(list.headers.get('x-ignored-fields'), 'query.sort');
    assert.equal((await svc.call('GET', '/v2/billing/balance', { key })).headers.get('x-ignored-fields'), null);
    // Thousands of unknown keys: the header names the first 20 and counts the rest (a client must still read it).
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]));
    const flood = await svc.call('PATCH', '/v2/billing/notifications/config', { key, body: many });
    assert.equal(flood.status, 200);
    assert.match(flood.headers.get('x-ignored-fields') ?? '', /^body\.k0, body\.k1, .*body\.k19, \.\.\. \(\+2980 more\)$/);

    for (const [typo, meant] of [
      ['dataPoint', 'dataPoints'],
      ['graphMaxBuget', 'graphMaxBudget'],
      ['CountryCode', 'countryCode'],
      ['metdata', 'metadata'],
    ] as const) {
      const bad = await post({ id: 'ACME-HOLDING', countryCode: 'TEST', mode: 'onboarding', [typo]: ['company'] });
      assert.equal(bad.status, 400, typo);
      assert.ok(
        bad.body.error.details.some((d: string) => d.includes(`did you mean ${meant}`)),
        JSON.stringify(bad.body),
      );
    }
    const queryTypo = await svc.call('GET', '/v2/search?country=TEST&query=acme&strem=true', { key });
    assert.equal(queryTypo.status, 400);
  });
});
