import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { RegisterError } from '../errors.ts';
import { generateView } from './view.ts';
import { codeOf, ctx, FIXED_NOW, openHarness, searchAll, type Harness } from '../../../test/support/test-register.ts';
import { TestRegister } from './index.ts';

let h: Harness;
before(async () => {
  h = await openHarness();
});
after(async () => {
  await h?.close();
});

test('the catalogue is the TEST price list', () => {
  // Loaded (and validated) by the constructor.
  const cat = h.register.catalogue;
  const block = (sku: string) => cat.blocks.find((b) => b.sku === sku);
  assert.equal(cat.countryCode, 'TEST');
  assert.deepEqual(block('TEST-PROFILE')?.datapoints, ['company', 'companyProfile']);
  assert.deepEqual(block('TEST-PROFILE')?.modes, { onboarding: 50, verification: 100 });
  assert.deepEqual(block('TEST-PROFILE')?.authoritative, { onboarding: false, verification: true });
  assert.deepEqual(block('TEST-PROFILE')?.includedDocuments, ['tradeRegisterExtract']);
  assert.deepEqual(block('TEST-UBO')?.modes, { onboarding: 60, verification: 120 });
  assert.deepEqual(block('TEST-GRAPH')?.modes, { onboarding: null, verification: 0 });
  assert.equal(block('TEST-GRAPH')?.pricingMode, 'variable');
  assert.equal(cat.documents.find((d) => d.type === 'financialStatements')?.price, 250);
  assert.deepEqual(cat.monitoring, { available: true, price: 0 });
  assert.ok(cat.blocks.every((b) => b.dedupWindow === 24 * 3_600_000));
});

test('company ids are trimmed and validated', () => {
  assert.equal(h.register.parseCompanyId('  ACME-HOLDING '), 'ACME-HOLDING');
  assert.equal(h.register.parseCompanyId('a.b_c-9'), 'a.b_c-9');
  for (const bad of ['', '-ACME', 'ACME HOLDING', 'x'.repeat(65), 'ÄCME']) {
    assert.throws(
      () => h.register.parseCompanyId(bad),
      (e: unknown) =>
        e instanceof RegisterError &&
        e.code === 'invalid_request' &&
        /1 to 64 characters.*letters.*digits.*dots, underscores or hyphens/.test(e.message),
    );
  }
});

test('special ids fail as named in precheck, fetch, search and documents', async () => {
  const cases = [
    ['RESOURCE_NOT_FOUND', 'resource_not_found', false],
    ['INVALID_REQUEST', 'invalid_request', false],
    ['PROCESSING_FAILED', 'processing_failed', false],
    ['SERVICE_UNAVAILABLE', 'service_unavailable', true],
  ] as const;
  for (const [id, code, retryable] of cases) {
    await assert.rejects(h.register.precheck(id), (e: RegisterError) => e.code === code && e.retryable === retryable);
    assert.equal(await codeOf(h.register.fetch('company', id, ctx())), code);
    assert.equal(await codeOf(h.register.fetch('shareholders', id, ctx())), code);
    assert.equal(await codeOf(h.register.fetch('availableDocuments', id, ctx())), code);
    assert.equal(await codeOf(searchAll(h.register, id)), code);
    assert.equal(await codeOf(h.register.fetchDocument(id, 'TEST-DOC-X-tradeRegisterExtract-2024', ctx())), code);
    assert.equal(await codeOf(h.register.fetchDocument('ACME-HOLDING', id, ctx())), code);
  }
  await h.register.precheck('ACME-HOLDING'); // any other id proceeds
});

test('fetch returns the generated company with live provenance from the service clock', async () => {
  const res = await h.register.fetch('company', 'ACME-HOLDING', ctx());
  const view = generateView('ACME-HOLDING', (t) => h.register.catalogue.documents.find((d) => d.type === t)?.price);
  assert.deepEqual(res.data, { company: view.company, companyRelationships: view.companyRelationships });
  assert.deepEqual(res.source, {
    overall: { type: 'live_from_registry', register: 'TEST sandbox register', retrievedAt: FIXED_NOW.toISOString() },
  });
  assert.deepEqual((await h.register.fetch('shareholders', 'ACME-HOLDING', ctx())).data, view.shareholders);
  const docs = (await h.register.fetch('availableDocuments', 'ACME-HOLDING', ctx())).data;
  assert.deepEqual(docs, view.availableDocuments);
  assert.equal(docs.find((d) => d.type === 'financialStatements')?.price, 250);
});

test('a stored record replaces the parts it gives; omitted lists are empty, an omitted profile is generated', async () => {
  const person = { name: { fullName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' } };
  await h.sandbox.put('TEST', 'STORED-1', {
    company: { id: 'WRONG', countryCode: 'GB', legalName: 'Stored Widgets Ltd', legalAddress: { city: 'Bath', countryCode: 'GB' } },
    shareholders: [{ type: 'individual', individual: person, sharePercentage: 100 }],
  });
  const company = (await h.register.fetch('company', 'STORED-1', ctx())).data;
  assert.deepEqual(company, {
    company: { id: 'STORED-1', countryCode: 'TEST', legalName: 'Stored Widgets Ltd', legalAddress: { city: 'Bath', countryCode: 'GB' } },
    companyRelationships: [],
  });
  assert.deepEqual((await h.register.fetch('shareholders', 'STORED-1', ctx())).data, [
    { type: 'individual', individual: person, sharePercentage: 100 },
  ]);
  for (const dp of ['legalRepresentatives', 'ultimateBeneficialOwners', 'establishments', 'availableDocuments'] as const) {
    assert.deepEqual((await h.register.fetch(dp, 'STORED-1', ctx())).data, [], dp);
  }

  await h.sandbox.put('TEST', 'STORED-2', { legalRepresentatives: [] });
  const generated = generateView('STORED-2', () => undefined).company;
  assert.deepEqual((await h.register.fetch('company', 'STORED-2', ctx())).data.company, generated);
  assert.deepEqual((await h.register.fetch('shareholders', 'STORED-2', ctx())).data, []);
});

test('a malformed stored record fails as processing_failed', async () => {
  await h.sandbox.put('TEST', 'BROKEN-1', { shareholders: 'nobody' });
  await assert.rejects(
    h.register.fetch('shareholders', 'BROKEN-1', ctx()),
    (e: RegisterError) => e.code === 'processing_failed' && !e.retryable,
  );
});

test('a removed company is not found, even one never stored', async () => {
  await h.sandbox.put('TEST', 'GONE-1', {});
  assert.equal((await h.register.fetch('company', 'GONE-1', ctx())).data.company.id, 'GONE-1');
  await h.sandbox.remove('TEST', 'GONE-1');
  await h.sandbox.remove('TEST', 'GONE-2');
  assert.equal(await codeOf(h.register.fetch('company', 'GONE-1', ctx())), 'resource_not_found');
  assert.equal(await codeOf(h.register.fetch('availableDocuments', 'GONE-2', ctx())), 'resource_not_found');
  assert.equal(await codeOf(h.register.fetchDocument('GONE-2', 'TEST-DOC-GONE-2-tradeRegisterExtract-2025', ctx())), 'resource_not_found');
  // Stored again: it is back.
  await h.sandbox.put('TEST', 'GONE-1', {});
  assert.equal((await h.register.fetch('company', 'GONE-1', ctx())).data.company.id, 'GONE-1');
});

test('failTimes fails that many calls as unavailable, then the company answers', async () => {
  await h.sandbox.put('TEST', 'FLAKY-1', {}, { failTimes: 2 });
  for (let i = 0; i < 2; i++) {
    await assert.rejects(
      h.register.fetch('company', 'FLAKY-1', ctx()),
      (e: RegisterError) => e.code === 'service_unavailable' && e.retryable,
    );
  }
  assert.equal((await h.register.fetch('company', 'FLAKY-1', ctx())).data.company.id, 'FLAKY-1');
  assert.equal((await h.register.fetch('company', 'FLAKY-1', ctx())).data.company.id, 'FLAKY-1');
});

test('unavailable and notFound behaviours', async () => {
  await h.sandbox.put('TEST', 'DOWN-1', {}, { unavailable: true });
  await h.sandbox.put('TEST', 'HIDDEN-1', {}, { notFound: true });
  assert.equal(await codeOf(h.register.fetch('company', 'DOWN-1', ctx())), 'service_unavailable');
  assert.equal(await codeOf(h.register.fetch('company', 'HIDDEN-1', ctx())), 'resource_not_found');
  assert.equal(await codeOf(searchAll(h.register, 'DOWN-1')), 'service_unavailable');
  const [batch] = await searchAll(h.register, 'HIDDEN-1');
  assert.deepEqual(batch?.results, []);
});

test('a behaviour latency delays the calls of its kind and honours the abort signal', async () => {
  await h.sandbox.put('TEST', 'SLOW-1', {}, { latencyMs: { profile: 150, documents: 0 } });
  let t = Date.now();
  await h.register.fetch('company', 'SLOW-1', ctx());
  assert.ok(Date.now() - t >= 140, 'profile call was not delayed');
  t = Date.now();
  await h.register.fetch('availableDocuments', 'SLOW-1', ctx());
  assert.ok(Date.now() - t < 140, 'documents call was delayed');
  const ac = new AbortController();
  setTimeout(() => ac.abort(new Error('deadline')), 20);
  await assert.rejects(h.register.fetch('company', 'SLOW-1', ctx(ac.signal)), /deadline/);
});

test('the base latency follows SANDBOX_LATENCY', async () => {
  const fast = new TestRegister({ sandbox: h.sandbox, latency: 'realistic' });
  const t = Date.now();
  await fast.fetch('company', 'ACME-HOLDING', ctx());
  assert.ok(Date.now() - t >= 290, 'realistic latency is 300 ms');
});

test('an outage makes every call unavailable until it ends', async () => {
  await h.sandbox.setOutage('TEST', 60_000);
  try {
    assert.equal(await codeOf(h.register.fetch('company', 'ACME-HOLDING', ctx())), 'service_unavailable');
    assert.equal(await codeOf(searchAll(h.register, 'acme')), 'service_unavailable');
    assert.equal(
      await codeOf(h.register.fetchDocument('ACME-HOLDING', 'TEST-DOC-ACME-HOLDING-tradeRegisterExtract-2025', ctx())),
      'service_unavailable',
    );
  } finally {
    h.clock.advance(60_001);
  }
  assert.equal((await h.register.fetch('company', 'ACME-HOLDING', ctx())).data.company.id, 'ACME-HOLDING');
});
