import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { factsOf, taxIdOf } from '../../src/registers/testreg/generator.ts';
import { seededMergers } from '../../src/registers/us-ny/sandbox-seed.ts';
import { gbCheckDigits } from '../../src/tax-verification/vat-numbers.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { snapshotRow } from '../support/us-ny.ts';

const SEED = { size: 2000, seed: 'registrum' };
const HMRC = { type: 'live_from_registry', register: 'HMRC VAT check' };

/** A portal record of an active corporation, with the filing history the portal lists for it. */
const liveRecord = (dosId: string, name: string, filingHistoryResultList: object[]) => ({
  requestStatus: 'Success',
  resultIndicator: 'Success',
  entityGeneralInfo: {
    dosID: dosId,
    entityName: name,
    entityType: 'DOMESTIC BUSINESS CORPORATION',
    entityStatus: 'Active',
    dateOfInitialDosFiling: '2012-03-15T00:00:00',
    county: 'KINGS',
    jurisdiction: 'NEW YORK',
  },
  sopAddress: {
    name: 'THE CORPORATION',
    address: { streetAddress: '1 MAIN ST', city: 'BROOKLYN', state: 'NY', zipCode: '11201', country: 'UNITED STATES' },
  },
  filingHistoryResultList,
});

describe('taxId, its verification, and US-NY mergers through the API', () => {
  let svc: TestService;
  let key: string;
  const post = (body: Record<string, unknown>) => svc.call('POST', '/v2/company', { key, body });
  const put = (country: string, id: string, record: unknown) =>
    svc.call('PUT', `/admin/sandbox/${country}/companies/${id}`, { admin: true, body: { record } });
  const settled = (requestId: string) =>
    eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      return Object.values(r.body.request.dataStatus.dataPoints).every((e: any) => e.status !== 'in_progress') && r.body;
    }, 20_000);
  const retrieve = async (body: Record<string, unknown>) => {
    const res = await post(body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return body.mode === 'onboarding' ? res.body : settled(res.body.request.requestId);
  };

  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '3000', US_NY_SANDBOX_SEED_SIZE: String(SEED.size) });
    key = (await svc.newAccount({ usNy: true })).apiKey;
  });
  after(() => svc.close());

  for (const mode of ['onboarding', 'verification'] as const) {
    it(`${mode}: a TEST company in the UK has a UK VAT number that HMRC verified, with the verification's provenance`, async () => {
      const id = mode === 'onboarding' ? 'ACME-HOLDING' : 'ACME-SERVICES';
      const body = await retrieve({ id, countryCode: 'TEST', mode, dataPoints: ['company'] });
      const { verification, ...taxId } = body.company.taxId;
      assert.deepEqual(taxId, taxIdOf(factsOf(id)));
      assert.equal(verification.status, 'verified');
      assert.equal(verification.verifiedName, body.company.legalName);
      assert.ok(verification.verifiedAddress.includes(body.company.legalAddress.postalCode));
      assert.ok(!Number.isNaN(Date.parse(verification.verifiedAt)));
      const { retrievedAt, ...source } = body.dataSources.company.fields['taxId.verification'];
      assert.deepEqual(source, HMRC);
      assert.ok(!Number.isNaN(Date.parse(retrievedAt)));
      assert.equal(body.dataSources.company.overall.type, 'live_from_registry', 'the rest of the block is the register’s');
    });
  }

  it('a Luxembourg company of the showcase groups has an EU VAT number that VIES verified', async () => {
    const body = await retrieve({ id: 'LU-B245871', countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] });
    assert.equal(body.company.taxId.type, 'eu_vat');
    assert.match(body.company.taxId.value, /^LU\d{8}$/);
    assert.equal(body.company.taxId.verification.status, 'verified');
    assert.equal(body.company.taxId.verification.verifiedName, body.company.legalName);
    assert.equal(body.dataSources.company.fields['taxId.verification'].register, 'VIES');
  });

  it('a stored company: verified as the operator registered it, and invalid with a number no authority issued', async () => {
    const good = `GB7001234${gbCheckDigits('7001234')}`;
    assert.equal(
      (await put('TEST', 'VAT-GOOD', { company: { legalName: 'Good Number Ltd', taxId: { type: 'gb_vat', value: good, country: 'GB' } } }))
        .status,
      200,
    );
    assert.equal(
      (
        await put('TEST', 'VAT-BAD', {
          company: { legalName: 'Bad Number Ltd', taxId: { type: 'gb_vat', value: 'GB123456789', country: 'GB' } },
        })
      ).status,
      200,
    );
    const ok = await retrieve({ id: 'VAT-GOOD', countryCode: 'TEST', mode: 'onboarding' });
    assert.equal(ok.company.taxId.verification.status, 'verified');
    assert.equal(ok.company.taxId.verification.verifiedName, 'Good Number Ltd');
    const bad = await retrieve({ id: 'VAT-BAD', countryCode: 'TEST', mode: 'onboarding' });
    assert.deepEqual(Object.keys(bad.company.taxId.verification).sort(), ['status', 'verifiedAt']);
    assert.equal(bad.company.taxId.verification.status, 'unverified');
    assert.deepEqual(
      { ...bad.dataSources.company.fields['taxId.verification'], retrievedAt: undefined },
      { ...HMRC, retrievedAt: undefined },
    );
  });

  it('while HMRC is down the block still succeeds, its taxId without a verification', async () => {
    const outage = (authority: string, durationMs: number) =>
      svc.call('POST', `/admin/sandbox/tax-authorities/${authority}/outage`, { admin: true, body: { durationMs } });
    assert.equal((await outage('IRS', 60_000)).status, 400, 'an authority the sandbox does not emulate');
    assert.equal((await svc.call('POST', '/admin/sandbox/tax-authorities/HMRC-VAT/outage', { body: { durationMs: 1 } })).status, 401);
    const down = await outage('HMRC-VAT', 60_000);
    assert.equal(down.status, 200, JSON.stringify(down.body));
    assert.equal(Date.parse(down.body.unavailableUntil) - svc.clock.nowMs() > 50_000, true);
    try {
      for (const mode of ['onboarding', 'verification'] as const) {
        const id = `ACME-OUTAGE-${mode.toUpperCase()}`;
        const body = await retrieve({ id, countryCode: 'TEST', mode, dataPoints: ['company'] });
        assert.equal(body.request.dataStatus.dataPoints.company.status, 'succeeded', mode);
        assert.deepEqual(body.company.taxId, taxIdOf(factsOf(id)), `${mode}: the register's tax id, no verification`);
        assert.equal(body.dataSources.company.fields?.['taxId.verification'], undefined);
      }
    } finally {
      assert.equal((await outage('HMRC-VAT', 0)).status, 200);
    }
    const after = await retrieve({ id: 'ACME-OUTAGE-OVER', countryCode: 'TEST', mode: 'onboarding' });
    assert.equal(after.company.taxId.verification.status, 'verified', 'back once the outage is over');
  });

  it('CN: the unified social credit code is the tax id; no verification service, so no verification', async () => {
    const body = await retrieve({ id: '91500103MA5U3B2X2K', countryCode: 'CN', mode: 'onboarding', dataPoints: ['company'] });
    assert.deepEqual(body.company.taxId, { type: 'cn_uscc', value: '91500103MA5U3B2X2K', country: 'CN' });
    assert.equal(body.dataSources.company.fields?.['taxId.verification'], undefined);
  });

  it('US-NY: a merger on the survivor’s filing history is mergedFrom in verification mode (live), absent in onboarding', async () => {
    const merger = {
      fileDate: '2019-06-14T00:00:00',
      certCode: '05',
      documentType: 'CERTIFICATE OF MERGER',
      pageCount: 4,
      fileNumber: '190614000512',
      amendmentDescriptionFlag: true,
      amendmentDescription: 'MERGER OF BETA WIDGETS INC. (DOS ID 7100002) INTO QUILL MERGER CORP.',
    };
    const stored = await put('US-NY', '7100001', {
      snapshot: snapshotRow('7100001', 'QUILL MERGER CORP.'),
      live: liveRecord('7100001', 'QUILL MERGER CORP.', [
        merger,
        { fileDate: '2012-03-15T00:00:00', documentType: 'CERTIFICATE OF INCORPORATION' },
      ]),
    });
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    const verified = await retrieve({ id: '7100001', countryCode: 'US-NY', mode: 'verification', dataPoints: ['company'] });
    assert.deepEqual(verified.companyRelationships, [
      {
        relation: 'mergedFrom',
        company: { legalName: 'BETA WIDGETS INC.', id: '7100002', countryCode: 'US-NY' },
        effectiveDate: '2019-06-14',
        description: 'CERTIFICATE OF MERGER: MERGER OF BETA WIDGETS INC. (DOS ID 7100002) INTO QUILL MERGER CORP.',
      },
    ]);
    assert.equal(verified.dataSources.company.fields.companyRelationships.type, 'live_from_registry');
    assert.equal(verified.company.taxId, undefined, 'the NY register publishes no tax id');
    const onboarding = await retrieve({ id: '7100001', countryCode: 'US-NY', mode: 'onboarding', dataPoints: ['company'] });
    assert.equal(onboarding.companyRelationships, undefined, 'the snapshot has no filings');
    assert.equal(onboarding.dataSources.company.fields?.companyRelationships, undefined);
  });

  it('US-NY: a merged company of the seed, and the entity it absorbed, which the portal still knows as merged out', async () => {
    const [first] = seededMergers(SEED);
    assert.ok(first, 'the seed has merged companies');
    const survivor = await retrieve({ id: first.survivor.dosId, countryCode: 'US-NY', mode: 'verification', dataPoints: ['company'] });
    const from = survivor.companyRelationships.filter((r: any) => r.relation === 'mergedFrom');
    assert.deepEqual(
      from.map((r: any) => [r.company.id, r.company.legalName, r.effectiveDate]),
      [[first.merger.constituent.dosId, first.merger.constituent.name, first.merger.date]],
    );
    const absorbed = await retrieve({
      id: first.merger.constituent.dosId,
      countryCode: 'US-NY',
      mode: 'verification',
      dataPoints: ['company'],
    });
    assert.equal(absorbed.company.status.statusDetails.closureReason, 'MERGER');
    assert.deepEqual(
      absorbed.companyRelationships.map((r: any) => [r.relation, r.company.legalName]),
      [['mergedInto', first.survivor.legalName]],
    );
  });
});
