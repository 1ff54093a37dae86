import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/** The TEST register's `GRAPH_` ids (src/registers/testreg/README.md) resolve to our showcase groups. */
describe('TEST GRAPH_ showcase ids through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '3000' });
    key = (await svc.newAccount({ credits: 100_000 })).apiKey;
  });
  after(() => svc.close());

  const post = (body: object) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', ...body } });

  it('GRAPH_DEEP draws the cross-border chain of GRAPH-CHAIN, with C an indirect UBO at 33.6%', { timeout: 60_000 }, async () => {
    const created = await post({ id: 'GRAPH_DEEP', dataPoints: ['graph'] });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.request.companyId, 'GRAPH-CHAIN');
    const done = await eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${created.body.request.requestId}`, { key });
        return r.body.request.dataStatus.dataPoints.graph.status !== 'in_progress' && r.body;
      },
      30_000,
      100,
    );
    const ids = done.graph.nodes.map((n: any) => n.nodeId);
    for (const id of ['TEST:GRAPH-CHAIN', 'TEST:LU-B245871', 'TEST:JE-128845']) assert.ok(ids.includes(id), `${id} in ${ids}`);
    assert.equal(done.graph.metadata.stopDetail, 'complete');
    const ubos = done.graph.nodes.filter((n: any) => n.flags.isUbo);
    assert.deepEqual(
      ubos.map((n: any) => n.totalOwnershipPercentage),
      [33.6],
    );
  });

  it('every GRAPH_ id, in any case, is its showcase company; other ids are untouched', async () => {
    for (const [alias, root, name] of [
      ['graph_chain', 'GRAPH-CHAIN', 'Alpine Foods'],
      ['GRAPH_SHARED', 'GRAPH-PATHS', 'Meridian Shipping'],
      ['Graph_Circular', 'GRAPH-CYCLE', 'Circle Logistics'],
      ['GRAPH_DEAD_END', 'GRAPH-TRUST', 'Harbour Marine'],
      ['GRAPH_UNKNOWN', 'GRAPH_UNKNOWN', undefined],
    ] as const) {
      const res = await post({ id: alias, mode: 'onboarding', dataPoints: ['company'] });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.company.id, root, alias);
      if (name) assert.match(res.body.company.legalName, new RegExp(`^${name}`), alias);
    }
  });
});
