import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * Issue 10: every block a retrieval delivers says where it came from, and the AI flags sit exactly where inference or
 * extraction produced a value: for every register, in both modes, on a company found by search.
 */
const BLOCKS = [
  'company',
  'legalRepresentatives',
  'otherKeyPersons',
  'shareholders',
  'subsidiaries',
  'ultimateBeneficialOwners',
  'establishments',
];
const TYPES = new Set(['live_from_registry', 'cached_from_registry', 'inferred', 'ai_analysis', 'not_available']);
const DERIVED = new Set(['inferred', 'ai_analysis']);
/** The company block's origin per register and mode (registers/*.md, spec §2.11). */
const COMPANY_SOURCE: Record<string, { onboarding: string; verification: string }> = {
  TEST: { onboarding: 'live_from_registry', verification: 'live_from_registry' },
  'US-NY': { onboarding: 'cached_from_registry', verification: 'live_from_registry' },
  CN: { onboarding: 'ai_analysis', verification: 'ai_analysis' },
  JE: { onboarding: 'live_from_registry', verification: 'live_from_registry' },
  MT: { onboarding: 'live_from_registry', verification: 'live_from_registry' },
};
const SEARCH: Record<string, string> = { TEST: 'Acme', 'US-NY': 'HOLDINGS', CN: '科技', JE: 'Limited', MT: 'Limited' };

/** The source of a company field: its own entry, the nearest parent path's, else the block's. */
function sourceOf(block: any, path: string): any {
  for (let p = path; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    if (block.fields?.[p]) return block.fields[p];
  }
  return block.overall;
}

function assertProvenance(label: string, body: any) {
  for (const key of BLOCKS) {
    const delivered = key === 'company' ? body.company : body[key];
    if (delivered === undefined) continue;
    const block = body.dataSources?.[key];
    assert.ok(block?.overall, `${label}: ${key} has no dataSources.${key}.overall`);
    for (const s of [block.overall, ...Object.values(block.fields ?? {})] as any[]) {
      assert.ok(TYPES.has(s.type), `${label}: ${key} source type ${s.type}`);
      assert.ok(typeof s.register === 'string' && s.register.length > 0, `${label}: ${key} source without register`);
      assert.ok(!Number.isNaN(Date.parse(s.retrievedAt)), `${label}: ${key} source without retrievedAt`);
    }
  }
  const c = body.company;
  if (!c) return;
  const block = body.dataSources.company;
  for (const field of Object.keys(block.fields ?? {})) {
    // The company data point also delivers companyRelationships, beside the company.
    const top = field.split('.')[0]!;
    assert.ok(
      top in c || (top === 'companyRelationships' && body.companyRelationships),
      `${label}: dataSources names ${field}, which the response does not have`,
    );
  }
  // Flags and provenance agree both ways.
  if (c.legalForm?.isAIEnriched !== undefined) {
    assert.equal(
      c.legalForm.isAIEnriched,
      DERIVED.has(sourceOf(block, 'legalForm').type),
      `${label}: legalForm.isAIEnriched vs its source ${sourceOf(block, 'legalForm').type}`,
    );
  }
  if (c.status && DERIVED.has(sourceOf(block, 'status').type) !== (c.status.isAIInferred === true)) {
    assert.fail(`${label}: status.isAIInferred ${c.status.isAIInferred} vs its source ${sourceOf(block, 'status').type}`);
  }
  for (const scheme of ['NACE', 'ISIC']) {
    for (const item of c.activities?.[scheme] ?? []) {
      assert.equal(
        item.isAIInferred === true,
        DERIVED.has(sourceOf(block, 'activities').type),
        `${label}: ${scheme} ${item.code} isAIInferred vs source`,
      );
    }
  }
  if (c.legalNameInEnglish !== undefined && c.legalNameInEnglish !== c.legalName) {
    assert.ok(DERIVED.has(sourceOf(block, 'legalNameInEnglish').type), `${label}: a translated legalNameInEnglish must be marked inferred`);
  }
}

describe('provenance and AI flags on every register', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: '300', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ usNy: true, credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  for (const country of Object.keys(SEARCH)) {
    it(`${country}: every delivered block has a source, and flags follow the sources`, async () => {
      const search = await svc.call('GET', `/v2/search?country=${country}&query=${encodeURIComponent(SEARCH[country]!)}`, { key });
      assert.equal(search.status, 200, JSON.stringify(search.body));
      const id = search.body[0]?.id;
      assert.ok(id, `${country}: the sandbox has a company for "${SEARCH[country]}"`);
      const pricing = (await svc.call('GET', `/v2/pricing?countryCode=${country}`, { key })).body;
      for (const mode of ['onboarding', 'verification'] as const) {
        const dataPoints = pricing.blocks
          .filter((b: any) => b.modes[mode] !== null)
          .flatMap((b: any) => b.datapoints)
          .filter((dp: string) => dp !== 'graph' && dp !== 'availableDocuments');
        if (!dataPoints.length) continue;
        const res = await svc.call('POST', '/v2/company', { key, body: { id, countryCode: country, mode, dataPoints } });
        assert.equal(res.status, 200, `${country} ${mode}: ${JSON.stringify(res.body)}`);
        const done = await eventually(async () => {
          const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
          return (
            Object.values(r.body.request.dataStatus.dataPoints).every((e: any) => e.status === 'succeeded' || e.status === 'failed') && r
          );
        }, 30_000);
        const succeeded = Object.entries(done.body.request.dataStatus.dataPoints).filter(([, e]: any) => e.status === 'succeeded');
        assert.ok(succeeded.length > 0, `${country} ${mode}: nothing succeeded: ${JSON.stringify(done.body.request.dataStatus)}`);
        assertProvenance(`${country} ${mode} ${id}`, done.body);
        if (done.body.company)
          assert.equal(done.body.dataSources.company.overall.type, COMPANY_SOURCE[country]![mode], `${country} ${mode}: company origin`);
      }
    });
  }
});
