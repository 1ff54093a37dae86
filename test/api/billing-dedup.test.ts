import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DAY_MS, PAST_DEADLINE_MS, startBillingService, type BillingHarness } from '../support/billing.ts';

describe('billing: deduplication, simultaneous requests and included documents', () => {
  let h: BillingHarness;
  before(async () => {
    h = await startBillingService();
  });
  after(() => h.svc.close());

  it('deduplicates a block within 24 hours of the service clock and charges it again after', async () => {
    const { price } = h;
    const { apiKey: key } = await h.svc.newAccount({ credits: 5_000 });
    const cost = price['TEST-PROFILE']!.onboarding!;
    const first = await h.post(key, { id: 'DEDUP-1', mode: 'onboarding' });
    const second = await h.post(key, { id: 'DEDUP-1', mode: 'onboarding', dataPoints: ['company', 'legalRepresentatives'] });
    assert.equal(second.body.request.dataStatus.dataPoints.company.cost, 0);
    assert.equal(second.body.request.dataStatus.dataPoints.legalRepresentatives.cost, price['TEST-REPRESENTATIVES']!.onboarding);
    const [charged] = await h.eventsOf(key, first.body.request.requestId);
    const dedup = (await h.eventsOf(key, second.body.request.requestId)).find((e) => e.sku === 'TEST-PROFILE');
    assert.equal(charged.status, 'charged');
    assert.equal(dedup.status, 'deduplicated');
    assert.equal(dedup.amount, 0);
    assert.equal(dedup.linkedEventId, charged.id);
    assert.equal(charged.linkedEventId, undefined);
    // Another company is another block.
    const other = await h.post(key, { id: 'DEDUP-2', mode: 'onboarding' });
    assert.equal(other.body.request.dataStatus.dataPoints.company.cost, cost);
    assert.equal(await h.balance(key), 5_000 - 2 * cost - price['TEST-REPRESENTATIVES']!.onboarding!);

    // Another account is charged for the same block.
    const { apiKey: otherKey } = await h.svc.newAccount({ credits: 1_000 });
    assert.equal((await h.post(otherKey, { id: 'DEDUP-1', mode: 'onboarding' })).body.request.dataStatus.dataPoints.company.cost, cost);

    await h.svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: DAY_MS - 60_000 } });
    const stillDay = await h.post(key, { id: 'DEDUP-1', mode: 'onboarding' });
    assert.equal(stillDay.body.request.dataStatus.dataPoints.company.cost, 0, 'within 24 hours');
    await h.svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 60_001 } });
    const nextDay = await h.post(key, { id: 'DEDUP-1', mode: 'onboarding' });
    assert.equal(nextDay.body.request.dataStatus.dataPoints.company.cost, cost, 'more than 24 hours after the charge');
    const [again] = await h.eventsOf(key, nextDay.body.request.requestId);
    assert.equal(again.status, 'charged');
  });

  it('charges two identical requests that arrive at the same moment once', async () => {
    const { price } = h;
    const { apiKey: key } = await h.svc.newAccount({ credits: 100_000 });
    for (const [i, mode] of (['onboarding', 'verification', 'onboarding', 'verification'] as const).entries()) {
      const id = `TWIN-${i}`;
      const body = { id, mode, dataPoints: ['company', 'legalRepresentatives'] };
      const [a, b] = await Promise.all([h.post(key, body), h.post(key, body)]);
      assert.equal(a.status, 200);
      assert.equal(b.status, 200);
      await Promise.all([h.settled(key, a.body.request.requestId), h.settled(key, b.body.request.requestId)]);
      const events = [...(await h.eventsOf(key, a.body.request.requestId)), ...(await h.eventsOf(key, b.body.request.requestId))];
      for (const sku of ['TEST-PROFILE', 'TEST-REPRESENTATIVES']) {
        const ofSku = events.filter((e) => e.sku === sku);
        const charged = ofSku.filter((e) => e.status === 'charged');
        assert.equal(charged.length, 1, `${sku} of ${id} (${mode}) charged once`);
        const dedup = ofSku.filter((e) => e.status === 'deduplicated');
        assert.equal(dedup.length, 1);
        assert.equal(dedup[0].linkedEventId, charged[0].id);
      }
    }
    const spent =
      2 * (price['TEST-PROFILE']!.onboarding! + price['TEST-REPRESENTATIVES']!.onboarding!) +
      2 * (price['TEST-PROFILE']!.verification! + price['TEST-REPRESENTATIVES']!.verification!);
    assert.equal(await h.balance(key), 100_000 - spent);
  });

  it('includes the trade register extract with the profile block, requested now or earlier', async () => {
    const { apiKey: key } = await h.svc.newAccount({ credits: 10_000 });
    const doc = (id: string, type: string) => ({ id, type, name: type, format: 'PDF' });
    await h.storeCompany('INCL-1', {
      company: { legalName: 'Included Ltd' },
      availableDocuments: [
        doc('INCL-1-X1', 'tradeRegisterExtract'),
        doc('INCL-1-X2', 'tradeRegisterExtract'),
        doc('INCL-1-AOA', 'articlesOfAssociation'),
      ],
    });
    const extract = 'INCL-1-X1';
    const res = await h.post(key, { id: 'INCL-1', mode: 'onboarding', dataPoints: ['company'], documents: [extract] });
    assert.equal(res.status, 200);
    assert.equal(res.body.request.dataStatus.documents[extract].status, 'succeeded');
    assert.equal(res.body.request.dataStatus.documents[extract].cost, 0);
    assert.ok(res.body.documents.tradeRegisterExtract.url);
    const events = await h.eventsOf(key, res.body.request.requestId);
    const block = events.find((e) => e.kind === 'dataBlock');
    const docEvent = events.find((e) => e.kind === 'document');
    assert.equal(docEvent.status, 'included');
    assert.equal(docEvent.amount, 0);
    assert.equal(docEvent.documentId, extract);
    assert.equal(docEvent.sku, 'tradeRegisterExtract');
    assert.equal(docEvent.linkedEventId, block.id);
    assert.equal(await h.balance(key), 10_000 - h.price['TEST-PROFILE']!.onboarding!);

    // Alone, within the block's window: still included, linked to the same charge.
    const later = await h.post(key, { id: 'INCL-1', mode: 'onboarding', documents: [extract] });
    const [laterDoc] = await h.eventsOf(key, later.body.request.requestId);
    assert.equal(laterDoc.status, 'included');
    assert.equal(laterDoc.linkedEventId, block.id);
    assert.equal(later.body.request.dataStatus.documents[extract].cost, 0);
    // With the block deduplicated: the block links to the charge, the (new) document is included.
    const deduped = await h.post(key, { id: 'INCL-1', mode: 'onboarding', dataPoints: ['company'], documents: ['INCL-1-X2'] });
    const dedupEvents = await h.eventsOf(key, deduped.body.request.requestId);
    assert.equal(dedupEvents.find((e) => e.kind === 'dataBlock').status, 'deduplicated');
    const included = dedupEvents.find((e) => e.kind === 'document');
    assert.equal(included.status, 'included');
    assert.equal(included.linkedEventId, block.id);

    // A type the block does not include is charged; the extract without any block is charged.
    const paid = await h.post(key, { id: 'INCL-1', mode: 'onboarding', dataPoints: ['company'], documents: ['INCL-1-AOA'] });
    assert.equal(paid.body.request.dataStatus.documents['INCL-1-AOA'].cost, h.docPrice.articlesOfAssociation);
    const extract2 = await h.extractOf(key, 'INCL-2');
    const alone = await h.post(key, { id: 'INCL-2', mode: 'onboarding', documents: [extract2] });
    assert.equal(alone.body.request.dataStatus.documents[extract2].cost, h.docPrice.tradeRegisterExtract);
    assert.equal((await h.eventsOf(key, alone.body.request.requestId))[0].status, 'charged');
  });

  it('settles a document that arrives before its including block with that block', async () => {
    const { docPrice, price } = h;
    const { apiKey: key } = await h.svc.newAccount({ credits: 10_000 });
    const docs = (id: string) => [{ id: `${id}-EXTRACT`, type: 'tradeRegisterExtract', name: 'Extract', format: 'PDF' }];
    await h.storeCompany(
      'AWAIT-OK',
      { company: { legalName: 'Await Ltd' }, availableDocuments: docs('AWAIT-OK') },
      { latencyMs: { profile: 600, documents: 0 } },
    );
    const ok = await h.post(key, { id: 'AWAIT-OK', dataPoints: ['company'], documents: ['AWAIT-OK-EXTRACT'] });
    const done = await h.settled(key, ok.body.request.requestId);
    assert.equal(done.request.dataStatus.documents['AWAIT-OK-EXTRACT'].cost, 0);
    assert.equal((await h.eventsOf(key, ok.body.request.requestId)).find((e) => e.kind === 'document').status, 'included');

    // The block times out in onboarding: the document is no longer included and is charged, if the budget allows.
    await h.storeCompany(
      'AWAIT-FAIL',
      { company: { legalName: 'Late Ltd' }, availableDocuments: docs('AWAIT-FAIL') },
      { latencyMs: { profile: PAST_DEADLINE_MS, documents: 0 } },
    );
    const before = await h.balance(key);
    const charged = await h.post(key, { id: 'AWAIT-FAIL', mode: 'onboarding', dataPoints: ['company'], documents: ['AWAIT-FAIL-EXTRACT'] });
    assert.equal(charged.body.request.dataStatus.dataPoints.company.error.code, 'onboarding_timeout');
    assert.equal(charged.body.request.dataStatus.documents['AWAIT-FAIL-EXTRACT'].status, 'succeeded');
    assert.equal(charged.body.request.dataStatus.documents['AWAIT-FAIL-EXTRACT'].cost, docPrice.tradeRegisterExtract);
    assert.equal(await h.balance(key), before - docPrice.tradeRegisterExtract!);

    await h.storeCompany(
      'AWAIT-CAP',
      { company: { legalName: 'Capped Ltd' }, availableDocuments: docs('AWAIT-CAP') },
      { latencyMs: { profile: PAST_DEADLINE_MS, documents: 0 } },
    );
    const capped = await h.post(key, {
      id: 'AWAIT-CAP',
      mode: 'onboarding',
      dataPoints: ['company'],
      documents: ['AWAIT-CAP-EXTRACT'],
      maxBudget: price['TEST-PROFILE']!.onboarding!,
    });
    const doc = capped.body.request.dataStatus.documents['AWAIT-CAP-EXTRACT'];
    assert.equal(doc.status, 'failed');
    assert.equal(doc.error.code, 'budget_exceeded');
    assert.equal(doc.error.cost, docPrice.tradeRegisterExtract);
    assert.equal(doc.cost, 0);
    assert.equal(await h.balance(key), before - docPrice.tradeRegisterExtract!);
  });
});
