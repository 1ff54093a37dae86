import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const SKU = 'TEST-AGENTIC-ENRICHMENT';

describe('agenticEnrichment and enrichmentReport', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ ONBOARDING_DEADLINE_MS: '4000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const post = (body: Record<string, unknown>, k = key) =>
    svc.call('POST', '/v2/company', { key: k, body: { countryCode: 'TEST', mode: 'onboarding', ...body } });
  const store = (id: string, record: unknown) => svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, { admin: true, body: { record } });
  const enrichmentEvents = async (requestId: string, k = key) =>
    (await svc.call('GET', `/v2/billing/events?requestId=${requestId}&first=50`, { key: k })).body.events.filter((e: any) => e.sku === SKU);

  it('fills what it can derive, marks it inferred, reports what it checked, and charges for it once', async () => {
    const pricing = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key });
    assert.deepEqual(pricing.body.agenticEnrichment, { available: true, sku: SKU, price: 20 });

    const res = await post({
      id: 'ENRICH-1',
      dataPoints: ['company', 'legalRepresentatives', 'shareholders', 'ultimateBeneficialOwners', 'establishments'],
      agenticEnrichment: true,
    });
    assert.equal(res.status, 200);
    const report: string = res.body.enrichmentReport;
    assert.equal(res.body.request.enrichmentReport, report);
    assert.match(report, /Checks run \(\d+ of \d+\)/);
    assert.match(report, /identifiers/);
    assert.match(report, /no language model was used/);
    // A generated TEST company has an English legal form and a Latin name: its English name is derived.
    assert.equal(res.body.company.legalNameInEnglish, res.body.company.legalName);
    const source = res.body.dataSources.company.fields.legalNameInEnglish;
    assert.equal(source.type, 'inferred');
    assert.match(source.documents[0].reason, /English/);
    assert.equal(res.body.dataSources.company.overall.type, 'live_from_registry', 'the rest is the register’s');
    assert.match(report, /legalNameInEnglish set to/);
    assert.match(report, /Billing: 20 credit cents/);
    const [charged] = await enrichmentEvents(res.body.request.requestId);
    assert.equal(charged.amount, 20);
    assert.equal(charged.status, 'charged');

    const again = await post({ id: 'ENRICH-1', agenticEnrichment: true });
    const [dedup] = await enrichmentEvents(again.body.request.requestId);
    assert.equal(dedup.status, 'deduplicated');
    assert.equal(dedup.amount, 0);
    assert.equal(dedup.linkedEventId, charged.id);
  });

  it('is free when it adds nothing, and says so', async () => {
    const company = {
      legalName: 'Quiet Harbour Ltd',
      legalNameInEnglish: 'Quiet Harbour Ltd',
      commercialNames: ['Quiet Harbour'],
      identifiers: { registrationNumber: 'ENRICH-QUIET' },
      legalAddress: { addressLine1: '1 Dock Road', city: 'London', postalCode: 'E14 5AB', countryCode: 'GB' },
      incorporationDate: '2001-04-02',
      status: { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE' } },
    };
    assert.equal((await store('ENRICH-QUIET', { company })).status, 200);
    const res = await post({ id: 'ENRICH-QUIET', agenticEnrichment: true });
    assert.equal(res.status, 200);
    assert.match(res.body.enrichmentReport, /Found: no inconsistency/);
    assert.match(res.body.enrichmentReport, /Changed: nothing/);
    assert.match(res.body.enrichmentReport, /not charged/);
    assert.equal(res.body.dataSources.company.fields, undefined, 'nothing was inferred');
    assert.deepEqual(await enrichmentEvents(res.body.request.requestId), []);
  });

  it('flags inconsistencies across data points', async () => {
    const person = (fullName: string, year: number) => ({ name: { fullName }, birthDate: { year } });
    assert.equal(
      (
        await store('ENRICH-ODD', {
          company: {
            legalName: 'Odd Holdings Ltd',
            identifiers: { registrationNumber: 'ENRICH-ODD' },
            incorporationDate: '2015-06-01',
            status: { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE', closureDate: '2020-01-01' } },
            legalAddress: { city: 'London', postalCode: '12345', countryCode: 'GB' },
          },
          shareholders: [
            { type: 'individual', individual: person('Ann Able', 1970), sharePercentage: 80 },
            { type: 'individual', individual: person('Bob Baker', 1972), sharePercentage: 70 },
          ],
          ultimateBeneficialOwners: [{ ...person('Ann Able', 1970) }],
          legalRepresentatives: [
            { type: 'individual', individual: person('Cy Young', 2012), role: { standardized: 'Director' }, startDate: '2016-01-01' },
          ],
        })
      ).status,
      200,
    );
    const res = await post({
      id: 'ENRICH-ODD',
      dataPoints: ['company', 'shareholders', 'ultimateBeneficialOwners', 'legalRepresentatives'],
      agenticEnrichment: true,
    });
    const report: string = res.body.enrichmentReport;
    assert.match(report, /\[inconsistency\] shareholdings add up to 150 %/);
    assert.match(report, /\[inconsistency\] Bob Baker holds 70 % directly but is not among the beneficial owners/);
    assert.match(report, /\[inconsistency\] active, yet with a closure date of 2020-01-01/);
    assert.match(report, /\[warning\] postal code "12345" is not in the format of GB/);
    assert.match(report, /\[warning\] Cy Young: appointed at the age of 4/);
    assert.doesNotMatch(report, /Ann Able holds/);
    assert.equal((await enrichmentEvents(res.body.request.requestId))[0].amount, 20, 'findings are something added');
  });

  it('in verification mode the report comes with the last update', async () => {
    const res = await post({ id: 'ENRICH-2', mode: 'verification', dataPoints: ['company', 'shareholders'], agenticEnrichment: true });
    assert.equal(res.status, 200);
    const done = await eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return /Checks run/.test(r.body.enrichmentReport ?? '') && r;
    });
    assert.ok(Object.values(done.body.request.dataStatus.dataPoints).every((e: any) => e.status === 'succeeded'));
    assert.match(done.body.enrichmentReport, /Register data used: company, shareholders/);
  });

  it('does not run when the budget leaves nothing for it, and is absent when not requested', async () => {
    const other = (await svc.newAccount()).apiKey;
    const res = await post({ id: 'ENRICH-3', agenticEnrichment: true, maxBudget: 50 }, other);
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.match(res.body.enrichmentReport, /was not run: it costs 20 credit cents/);
    assert.equal(res.body.company.legalNameInEnglish, undefined);
    assert.deepEqual(await enrichmentEvents(res.body.request.requestId, other), []);

    const plain = await post({ id: 'ENRICH-3' }, other);
    assert.equal(plain.body.enrichmentReport, undefined);
    assert.equal(plain.body.request.enrichmentReport, undefined);
  });
});
