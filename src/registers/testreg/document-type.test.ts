import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { codeOf, openHarness, type Harness } from '../../../test/support/test-register.ts';
import { generateView } from './view.ts';

let h: Harness;
before(async () => {
  h = await openHarness();
});
after(async () => {
  await h?.close();
});

test('documentType prices a generated company’s documents from their ids, without a register call', async () => {
  const docs = generateView('ACME', () => undefined).availableDocuments;
  for (const d of docs) assert.equal(await h.register.documentType('ACME', d.id), d.type, d.id);
  assert.equal(await h.register.documentType('ACME', 'TEST-DOC-NOPE'), undefined);
  assert.equal(await h.register.documentType('OTHER', docs[0]!.id), undefined, 'another company’s document');
  // An outage does not stop pricing: it is not a register call.
  await h.sandbox.setOutage('TEST', 60_000);
  assert.equal(await h.register.documentType('ACME', docs[0]!.id), docs[0]!.type);
});

test('documentType reads a stored company’s own list, and special ids fail as named', async () => {
  await h.sandbox.put('TEST', 'STORED-1', { availableDocuments: [{ id: 'S-1', type: 'annualReturns' }] }, {});
  assert.equal(await h.register.documentType('STORED-1', 'S-1'), 'annualReturns');
  assert.equal(await h.register.documentType('STORED-1', `TEST-DOC-STORED-1-tradeRegisterExtract-2025`), undefined);
  assert.equal(await codeOf(h.register.documentType('ACME', 'SERVICE_UNAVAILABLE')), 'service_unavailable');
  assert.equal(await codeOf(h.register.documentType('ACME', 'RESOURCE_NOT_FOUND')), 'resource_not_found');
});
