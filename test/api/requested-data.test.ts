import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * Spec §4.2: "Only requested data appears". For every register and mode, a request for one data point answers, in
 * POST /v2/company and in GET /v2/company/{requestId}, no top-level data but that data point's (and, for the company
 * block, companyRelationships only when the register found some). `request` and `dataSources` are not data.
 */
const SEARCH: Record<string, string> = { TEST: 'Acme', 'US-NY': 'HOLDINGS', CN: '科技', JE: 'Limited', MT: 'Limited' };
/** The top-level key each data point fills (spec §4.2). */
const KEY: Record<string, string> = {
  company: 'company',
  companyProfile: 'company',
  legalRepresentatives: 'legalRepresentatives',
  graph: 'graph',
};
const NOT_DATA = new Set(['request', 'dataSources']);

function assertOnlyRequested(label: string, body: any, dataPoint: string) {
  const status = body.request.dataStatus.dataPoints[dataPoint]?.status;
  const expected = status === 'succeeded' ? [KEY[dataPoint]!] : [];
  if (expected[0] === 'company' && body.companyRelationships !== undefined) {
    assert.ok(body.companyRelationships.length > 0, `${label}: an empty companyRelationships is not data`);
    expected.push('companyRelationships');
  }
  const keys = Object.keys(body).filter((k) => !NOT_DATA.has(k));
  assert.deepEqual(keys.sort(), expected.sort(), `${label} (${dataPoint} ${status})`);
  for (const k of Object.keys(body.dataSources ?? {})) assert.ok(keys.includes(k), `${label}: dataSources.${k} without ${k}`);
}

describe('only requested data appears, on every register', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '300', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ usNy: true, credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  const settled = (requestId: string) =>
    eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      const all = [...Object.values(r.body.request.dataStatus.dataPoints), ...Object.values(r.body.request.dataStatus.documents)];
      return all.every((e: any) => e.status === 'succeeded' || e.status === 'failed') && r.body;
    }, 30_000);
  const idOf = async (country: string) => {
    const search = await svc.call('GET', `/v2/search?country=${country}&query=${encodeURIComponent(SEARCH[country]!)}`, { key });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    assert.ok(search.body[0]?.id, `${country}: the sandbox has a company for "${SEARCH[country]}"`);
    return search.body[0].id as string;
  };

  for (const country of Object.keys(SEARCH)) {
    it(`${country}: one data point, both modes, POST and GET`, async () => {
      const id = await idOf(country);
      for (const mode of ['onboarding', 'verification'] as const) {
        for (const dataPoint of ['company', 'companyProfile', 'legalRepresentatives']) {
          const label = `${country} ${mode} ${id}`;
          const res = await svc.call('POST', '/v2/company', { key, body: { id, countryCode: country, mode, dataPoints: [dataPoint] } });
          if (res.status === 406) {
            // Not offered in this mode at all (e.g. JE officers in onboarding): refused, nothing to check.
            assert.equal(res.body.error.code, 'not_supported');
            continue;
          }
          assert.equal(res.status, 200, `${label}: ${JSON.stringify(res.body)}`);
          assertOnlyRequested(`${label} POST`, res.body, dataPoint);
          const done = await settled(res.body.request.requestId);
          assertOnlyRequested(`${label} GET`, done, dataPoint);
        }
      }
    });
  }

  it('TEST: the graph alone, and a document alone, bring nothing else', async () => {
    const graph = await svc.call('POST', '/v2/company', { key, body: { id: 'ACME-HOLDING', countryCode: 'TEST', dataPoints: ['graph'] } });
    assert.equal(graph.status, 200, JSON.stringify(graph.body));
    const graphDone = await settled(graph.body.request.requestId);
    assert.equal(graphDone.request.dataStatus.dataPoints.graph.status, 'succeeded');
    assertOnlyRequested('TEST graph GET', graphDone, 'graph');

    const list = await svc.call('POST', '/v2/company', {
      key,
      body: { id: 'ACME', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['availableDocuments'] },
    });
    const documentId = list.body.availableDocuments[0].id;
    const doc = await svc.call('POST', '/v2/company', { key, body: { id: 'ACME', countryCode: 'TEST', documents: [documentId] } });
    assert.equal(doc.status, 200, JSON.stringify(doc.body));
    const docDone = await settled(doc.body.request.requestId);
    assert.deepEqual(doc.body.request.dataPoints, []);
    assert.deepEqual(
      Object.keys(docDone).filter((k) => !NOT_DATA.has(k)),
      ['documents'],
    );
  });
});
