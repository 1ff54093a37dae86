import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generatedEntity } from '../../src/registers/us-ny/generator.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { snapshotRow } from '../support/us-ny.ts';

const liveRecord = (dosId: string, name: string) => ({
  requestStatus: 'Success',
  resultIndicator: 'Success',
  entityGeneralInfo: {
    dosID: dosId,
    entityName: name,
    entityType: 'DOMESTIC BUSINESS CORPORATION',
    entityStatus: 'Inactive',
    reasonForStatus: 'Merged Out',
    inactiveDate: '2024-05-06T00:00:00',
    dateOfInitialDosFiling: '2012-03-15T00:00:00',
    effectiveDateInitialFiling: '2012-03-15T00:00:00',
    foreignFormationDate: '',
    foreignLegalName: '',
    durationDate: 'PERPETUAL',
    sectionofLaw: '402 BCL - BUSINESS CORPORATION LAW',
    statementStatus: 'PAST DUE',
    nextStatementDueDate: '2024-03-31T00:00:00',
    county: 'KINGS',
    jurisdiction: 'NEW YORK',
  },
  sopAddress: {
    name: 'C T CORPORATION SYSTEM',
    address: { streetAddress: '28 LIBERTY ST.', city: 'NEW YORK', state: 'NY', zipCode: '10005', country: 'UNITED STATES' },
  },
  ceo: {
    name: 'RICHARD ROE',
    address: { streetAddress: '2 PARK AVE', city: 'NEW YORK', state: 'NY', zipCode: '10016', country: 'UNITED STATES' },
  },
  registeredAgent: {
    name: 'C T CORPORATION SYSTEM',
    address: { streetAddress: '28 LIBERTY ST.', city: 'NEW YORK', state: 'NY', zipCode: '10005', country: 'UNITED STATES' },
  },
  poExecAddress: {
    name: '',
    address: { streetAddress: '2 PARK AVE', city: 'NEW YORK', state: 'NY', zipCode: '10016', country: 'UNITED STATES' },
  },
  locationAddress: {
    name: name,
    address: { streetAddress: '2 PARK AVE', city: 'NEW YORK', state: 'NY', zipCode: '10016', country: 'UNITED STATES' },
  },
  stockShareInfoList: [{ stockTypeDescriptor: 'COMMON', quantity: '200', stockValue: '0.01' }],
});

describe('US-NY through the API', () => {
  let svc: TestService;
  let key: string;
  const put = (dosId: string, record: unknown, behaviour?: unknown) =>
    svc.call('PUT', `/admin/sandbox/US-NY/companies/${dosId}`, { admin: true, body: { record, ...(behaviour ? { behaviour } : {}) } });
  const search = (query: string, k = key) => svc.call('GET', `/v2/search?country=US-NY&query=${encodeURIComponent(query)}`, { key: k });
  const post = (body: Record<string, unknown>, k = key) =>
    svc.call('POST', '/v2/company', { key: k, body: { countryCode: 'US-NY', ...body } });
  const settled = (requestId: string) =>
    eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      return Object.values(r.body.request.dataStatus.dataPoints).every((e: any) => e.status !== 'in_progress') && r.body;
    }, 20_000);

  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '1500', US_NY_SANDBOX_SEED_SIZE: '2000' });
    key = (await svc.newAccount({ usNy: true })).apiKey;
    assert.equal(
      (
        await put('7000001', {
          snapshot: {
            ...snapshotRow('7000001', 'QUILLFEATHER STATIONERY INC.'),
            nameHistory: [
              { corp_name: 'OLD QUILL SUPPLY INC.', name_type: 'ENTITY', name_status: 'I', date_filed: '2012-03-15T00:00:00.000' },
              { corp_name: 'QUILLFEATHER STATIONERY INC.', name_type: 'ENTITY', name_status: 'A', date_filed: '2018-01-01T00:00:00.000' },
              { corp_name: 'INKWELL EMPORIUM', name_type: 'ASSUMED', name_status: 'A', date_filed: '2019-01-01T00:00:00.000' },
            ],
          },
          live: liveRecord('7000001', 'QUILLFEATHER GLOBAL INC.'),
        })
      ).status,
      200,
    );
  });
  after(() => svc.close());

  it('is 400 on /v2/company for an account without US-NY; search is open to all', async () => {
    const { apiKey: other } = await svc.newAccount({ usNy: false });
    const res = await post({ id: '7000001', mode: 'onboarding' }, other);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_request');
    assert.equal((await search('quillfeather', other)).status, 200);
  });

  describe('search', () => {
    it('finds a name with typos, ranked, each result with an address', async () => {
      const res = await search('quilfeather stationary');
      assert.equal(res.status, 200);
      assert.equal(res.body[0].id, '7000001');
      assert.equal(res.body[0].matchReason.matchType, 'default');
      assert.deepEqual(res.body[0].address, { city: 'BROOKLYN', postalCode: '11201', state: 'NY', region: 'NY', countryCode: 'US' });
      for (const r of res.body) assert.equal(r.countryCode, 'US-NY');
    });

    it('finds the exact legal name as exactLegalName', async () => {
      const res = await search('Quillfeather Stationery, Inc.');
      assert.equal(res.body[0].matchReason.matchType, 'exactLegalName');
    });

    it('finds former and assumed names as previousName, saying which', async () => {
      const former = await search('old quill supply');
      assert.deepEqual(
        [former.body[0].id, former.body[0].matchReason],
        ['7000001', { matchType: 'previousName', matchedName: 'OLD QUILL SUPPLY INC.' }],
      );
      const assumed = await search('inkwell emporium');
      assert.equal(assumed.body[0].matchReason.matchedName, 'INKWELL EMPORIUM');
    });

    it('finds a dosId exactly: one result, matchType id', async () => {
      const res = await search(' 7000001 ');
      assert.equal(res.body.length, 1);
      assert.deepEqual(res.body[0].matchReason, { matchType: 'id', identifier: 'dosId' });
      assert.deepEqual((await search('7000009')).body, []);
    });

    it('looks an id the snapshot of active corporations lacks up on the portal: a second source', async () => {
      const res = await fetch(`${svc.url}/v2/search?country=US-NY&query=9000001&stream=true`, {
        headers: { 'x-api-key': key, accept: 'text/event-stream' },
      });
      const progress = (await res.text())
        .trim()
        .split('\n\n')
        .filter((b) => b.startsWith('event: progress'))
        .map((b) => JSON.parse(b.split('\n')[1]!.slice(6)));
      assert.deepEqual(
        progress.map((p) => p.results.length),
        [0, 0],
        'neither knows it',
      );
      assert.notEqual(progress[0].source, progress[1].source);
    });

    it('searches the seeded snapshot', async () => {
      const seeded = generatedEntity({ size: 2000, seed: 'registrum', index: 1234 })!;
      const res = await search(seeded.row.current_entity_name);
      assert.equal(res.body[0].id, seeded.row.dos_id);
    });

    it('takes names of 2 to 100 characters, else 400', async () => {
      for (const q of ['a', ' b ', 'x'.repeat(101)]) {
        const res = await search(q);
        assert.equal(res.status, 400, JSON.stringify(q));
        assert.equal(res.body.error.code, 'invalid_request');
      }
      assert.equal((await search('ab')).status, 200);
      assert.equal((await search('q'.repeat(100))).status, 200);
    });

    it('streams one progress event for its one source, then complete', async () => {
      const res = await fetch(`${svc.url}/v2/search?country=US-NY&query=quillfeather&stream=true`, {
        headers: { 'x-api-key': key, accept: 'text/event-stream' },
      });
      const events = (await res.text())
        .trim()
        .split('\n\n')
        .map((b) => b.split('\n')[0]!.replace('event: ', ''));
      assert.deepEqual(events, ['progress', 'complete']);
    });
  });

  describe('retrieval', () => {
    it('onboarding: the snapshot, not authoritative, without the verification-only fields', async () => {
      const res = await post({
        id: '7000001',
        mode: 'onboarding',
        dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders', 'ultimateBeneficialOwners'],
      });
      assert.equal(res.status, 200);
      const { company, request } = res.body;
      assert.equal(request.dataStatus.dataPoints.company.authoritative, false);
      assert.equal(res.body.dataSources.company.overall.type, 'cached_from_registry');
      assert.equal(company.legalName, 'QUILLFEATHER STATIONERY INC.');
      assert.deepEqual(company.identifiers, { dosId: '7000001' });
      assert.equal(company.legalForm.iso20275Code, 'PJ10');
      assert.equal(company.legalForm.standardized, 'Corporation');
      assert.deepEqual(
        [company.legalAddress.city, company.legalAddress.region, company.legalAddress.countryCode],
        ['BROOKLYN', 'NY', 'US'],
      );
      assert.equal(company.status.active, true);
      assert.equal(company.registrationDate, '2012-03-15');
      assert.deepEqual(
        company.usState,
        { jurisdictionOfFormation: 'NEW YORK', county: 'KINGS' },
        'drift normalised; nothing verification-only',
      );
      assert.deepEqual(company.legacyLegalNames, ['OLD QUILL SUPPLY INC.']);
      assert.equal(res.body.legalRepresentatives[0].individual.name.fullName, 'JANE Q. DOE');
      // Not published (spec §2.11): not offered, free, and absent from the answer.
      for (const dp of ['shareholders', 'ultimateBeneficialOwners']) {
        assert.equal(request.dataStatus.dataPoints[dp].error.code, 'datapoint_not_supported');
        assert.equal(request.dataStatus.dataPoints[dp].cost, 0);
        assert.equal(res.body[dp], undefined);
      }
    });

    it('verification: snapshot and portal, live fields over the snapshot, the verification-only fields, authoritative', async () => {
      const res = await post({ id: '7000001', dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons'] });
      assert.equal(res.status, 200);
      const body = await settled(res.body.request.requestId);
      const { company } = body;
      assert.equal(body.request.dataStatus.dataPoints.company.status, 'succeeded');
      assert.equal(body.request.dataStatus.dataPoints.company.authoritative, true);
      assert.equal(company.legalName, 'QUILLFEATHER GLOBAL INC.', 'the portal’s name wins');
      assert.deepEqual(company.status, {
        localName: 'INACTIVE - Merged Out',
        active: false,
        statusDetails: { status: 'CLOSED', closureReason: 'MERGER', closureDate: '2024-05-06', additionalInfo: 'Merged' },
      });
      assert.deepEqual(company.usState.authorizedStock, [{ stockType: 'COMMON', parValue: 0.01, quantity: 200 }]);
      assert.equal(company.usState.nextBiennialStatementDueDate, '2024-03-31');
      assert.equal(company.usState.statementStatus, 'PAST DUE');
      assert.deepEqual(Object.keys(company.usState.addresses).sort(), [
        'entityLocation',
        'principalExecutiveOffice',
        'registeredAgent',
        'serviceOfProcess',
      ]);
      assert.equal(company.usState.addresses.serviceOfProcess.name, 'C T CORPORATION SYSTEM');
      assert.deepEqual(company.legacyLegalNames, ['OLD QUILL SUPPLY INC.'], 'the name history comes from the snapshot');
      assert.equal(body.dataSources.company.overall.type, 'live_from_registry');
      assert.equal(body.dataSources.company.fields.legacyLegalNames.type, 'cached_from_registry');
      assert.equal(body.legalRepresentatives[0].individual.name.fullName, 'RICHARD ROE', 'the portal’s CEO');
      assert.deepEqual(
        body.otherKeyPersons.map((p: any) => p.role.localName),
        ['Registered Agent', 'SOP Agent'],
      );
    });

    it('verification of a seeded company: the emulated portal derives its record from the snapshot', async () => {
      const seeded = generatedEntity({ size: 2000, seed: 'registrum', index: 77 })!;
      const res = await post({ id: seeded.row.dos_id });
      const body = await settled(res.body.request.requestId);
      assert.equal(body.company.legalName, seeded.row.current_entity_name);
      assert.ok(body.company.usState.nextBiennialStatementDueDate);
      assert.ok(body.company.usState.addresses.serviceOfProcess);
    });

    it('an outage stops the portal, not the snapshot: onboarding works, verification fails after retrying', async () => {
      await svc.call('POST', '/admin/sandbox/US-NY/outage', { admin: true, body: { durationMs: 3000 } });
      const onboarding = await post({ id: '7000001', mode: 'onboarding' });
      assert.equal(onboarding.status, 200);
      const res = await post({ id: '7000001' });
      const body = await settled(res.body.request.requestId);
      assert.equal(body.request.dataStatus.dataPoints.company.status, 'failed');
      assert.equal(body.request.dataStatus.dataPoints.company.error.code, 'service_unavailable');
      await new Promise((r) => setTimeout(r, 3000));
    });

    it('a company’s behaviour applies to every call about it: failTimes, notFound', async () => {
      assert.equal((await put('7000002', { snapshot: snapshotRow('7000002', 'FLAKY FINCH LLC') }, { failTimes: 1 })).status, 200);
      const once = await post({ id: '7000002', mode: 'onboarding' });
      assert.equal(once.status, 200, 'onboarding retries a transient failure once');
      assert.equal((await put('7000003', { snapshot: snapshotRow('7000003', 'GHOSTLY GOAT LLC') }, { notFound: true })).status, 200);
      assert.equal((await post({ id: '7000003', mode: 'onboarding' })).status, 404);
      assert.deepEqual((await search('7000003')).body, []);
    });

    it('answers 400 for an id that is not a dosId, and 404 for one the register lacks', async () => {
      assert.equal((await post({ id: '12AB', mode: 'onboarding' })).status, 400);
      assert.equal((await post({ id: '9999999', mode: 'onboarding' })).status, 404);
    });
  });

  describe('sandbox records', () => {
    it('PUT validates the record in the snapshot’s columns and ignores columns added later', async () => {
      const bad = await put('7000010', { snapshot: { dos_id: '7000010' } });
      assert.equal(bad.status, 400);
      // A column the register adds later is not an error (CONTRACT §5): it is accepted and ignored.
      const unknownColumn = await put('7000010', { snapshot: { dos_id: '7000010', current_entity_name: 'X LLC', ceo: 'nobody' } });
      assert.equal(unknownColumn.status, 200);
      const badId = await put('12', { snapshot: snapshotRow('12', 'SHORT ID LLC') });
      assert.equal(badId.status, 400);
    });

    it('PUT replaces a seeded company; DELETE makes it a company that left the register', async () => {
      const seeded = generatedEntity({ size: 2000, seed: 'registrum', index: 500 })!;
      const id = seeded.row.dos_id;
      assert.equal((await put(id, { snapshot: { ...seeded.row, current_entity_name: 'ZANZIBAR ZEPHYR HOLDINGS LLC' } })).status, 200);
      assert.equal((await search('zanzibar zephyr')).body[0].id, id);
      assert.ok(
        !(await search(seeded.row.current_entity_name)).body.some((r: any) => r.id === id && r.matchReason.matchType !== 'previousName'),
      );
      assert.equal((await svc.call('DELETE', `/admin/sandbox/US-NY/companies/${id}`, { admin: true })).status, 204);
      assert.deepEqual((await search(id)).body, []);
      assert.ok(!(await search('zanzibar zephyr')).body.some((r: any) => r.id === id));
      assert.equal((await post({ id, mode: 'onboarding' })).status, 404);
      const verification = await post({ id });
      const body = await settled(verification.body.request.requestId);
      assert.equal(body.request.dataStatus.dataPoints.company.error.code, 'resource_not_found');
    });
  });

  it('prices US-NY from its catalogue: snapshot blocks not authoritative, portal blocks authoritative', async () => {
    const res = await svc.call('GET', '/v2/pricing?countryCode=US-NY', { key });
    assert.equal(res.status, 200);
    const profile = res.body.blocks.find((b: any) => b.sku === 'US-NY-PROFILE');
    assert.deepEqual(profile.authoritative, { onboarding: false, verification: true });
    assert.deepEqual(res.body.datapoints.shareholders, {
      available: false,
      price: null,
      pricingMode: 'fixed',
      mode: null,
      modes: { onboarding: null, verification: null },
      sku: null,
    });
    assert.deepEqual(res.body.documents, []);
  });
});
