import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * The graph's description says what its own nodes and metadata show: how many companies were expanded, how many
 * were not and why, whether anything is left to continue, and the cycles; no sentence contradicts another.
 */
describe('graph description follows from the graph', () => {
  let svc: TestService;
  let price: number;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    const pricing = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key: (await svc.newAccount()).apiKey });
    price = pricing.body.blocks.find((b: any) => b.sku === 'TEST-OWNERSHIP').modes.verification;
  });
  after(() => svc.close());

  /** A fresh account per graph, so that no expansion is deduplicated (costs stay at their price). */
  const graphOf = async (body: object) => {
    const key = (await svc.newAccount({ credits: 100_000 })).apiKey;
    const created = await svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', dataPoints: ['graph'], ...body } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const done = await eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${created.body.request.requestId}`, { key });
        return r.body.request.dataStatus.dataPoints.graph.status !== 'in_progress' && r.body;
      },
      30_000,
      100,
    );
    return done.graph;
  };

  /** Checks every counting statement of the description against the nodes, edges and metadata. */
  const assertTruthful = (graph: any) => {
    const d: string = graph.description;
    const companies = graph.nodes.filter((n: any) => n.company);
    const individuals = graph.nodes.filter((n: any) => n.individual);
    const continuable = graph.nodes.filter((n: any) => n.continuation);
    const { companiesFetched, companiesSkipped, amountSpent } = graph.metadata;
    assert.equal(companiesFetched + companiesSkipped, companies.length);

    const size = /The graph has (\d+) nodes \((\d+) compan(?:y|ies), (\d+) individuals?\) and (\d+) ownership links?/.exec(d);
    assert.ok(size, d);
    assert.deepEqual(size.slice(1).map(Number), [graph.nodes.length, companies.length, individuals.length, graph.edges.length]);

    const counts = /(\d+) compan(?:y|ies) expanded for (\d+) credit cents, (?:(\d+) not expanded \(([^)]*)\)|none left unexpanded)/.exec(d);
    assert.ok(counts, d);
    assert.equal(Number(counts[1]), companiesFetched);
    assert.equal(Number(counts[2]), amountSpent);
    assert.equal(Number(counts[3] ?? 0), companiesSkipped);
    const reasons = (counts[4] ?? '').split(', ').filter(Boolean);
    assert.equal(
      reasons.reduce((s, r) => s + Number.parseInt(r, 10), 0),
      companiesSkipped,
      'the reasons add up to the companies not expanded',
    );

    const everything = d.includes('Every company reachable was expanded');
    assert.equal(everything, companiesSkipped === 0, `"every company reachable was expanded" only when none was left: ${d}`);
    assert.equal(d.includes('Nothing is left to continue'), companiesSkipped > 0 && continuable.length === 0, d);
    const onward = /pass graphContinueFromNodeIds ([^(]+) \(about (\d+) credit cents/.exec(d);
    assert.equal(Boolean(onward), continuable.length > 0, d);
    if (onward) {
      assert.deepEqual(onward[1]!.trim().split(', ').sort(), continuable.map((n: any) => n.nodeId).sort());
      assert.equal(
        Number(onward[2]),
        continuable.reduce((s: number, n: any) => s + n.continuation.estimatedCost, 0),
      );
    }
    assert.equal(graph.metadata.stopDetail === 'complete', continuable.length === 0);
    return d;
  };

  it('GRAPH-TRUST: dead ends are counted as not expanded, never as "every company reachable was expanded"', async () => {
    const graph = await graphOf({ id: 'GRAPH-TRUST' });
    assert.equal(graph.metadata.stopDetail, 'complete');
    assert.ok(graph.metadata.companiesSkipped > 0);
    const d = assertTruthful(graph);
    assert.match(d, /1 with no register served/);
  });

  it('GRAPH-CHAIN and GRAPH-PATHS stopped part-way by graphMaxBudget: the counts and continuations agree', async () => {
    const chain = await graphOf({ id: 'GRAPH-CHAIN', graphMaxBudget: price + price / 2 });
    assert.equal(chain.metadata.stopDetail, 'graph_budget');
    assert.match(assertTruthful(chain), /1 company expanded .*, 1 not expanded \(1 over graphMaxBudget\)/);

    const paths = await graphOf({ id: 'GRAPH-PATHS', graphMaxBudget: 2 * price });
    assert.equal(paths.metadata.stopDetail, 'graph_budget');
    assertTruthful(paths);

    const whole = await graphOf({ id: 'GRAPH-PATHS' });
    assert.match(assertTruthful(whole), /none left unexpanded\. Every company reachable was expanded\./);
  });

  it('GRAPH-CYCLE: the cycle is named once all of it is expanded, and not while the budget stopped it short', async () => {
    const short = await graphOf({ id: 'GRAPH-CYCLE', graphMaxBudget: price });
    assert.doesNotMatch(assertTruthful(short), /cycle/);
    const whole = await graphOf({ id: 'GRAPH-CYCLE' });
    const d = assertTruthful(whole);
    assert.match(d, /Ownership runs in a cycle through [^;]*TEST:GRAPH-CYCLE[^;]*TEST:MT-C81234[^;]*TEST:IE-654321/);
  });
});
