import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startBillingService, type BillingHarness } from '../support/billing.ts';

describe('documents: blob store and signed URLs', () => {
  let h: BillingHarness;
  before(async () => {
    h = await startBillingService();
  });
  after(() => h.svc.close());

  it('serves documents from the blob store behind signed URLs that each GET refreshes and that expire', async () => {
    const { apiKey: key } = await h.svc.newAccount({ credits: 10_000 });
    const id = await h.extractOf(key, 'SIGNED-1');
    const res = await h.post(key, { id: 'SIGNED-1', mode: 'onboarding', documents: [id] });
    assert.equal(res.body.request.dataStatus.documents[id].cost, h.docPrice.tradeRegisterExtract);
    const url = res.body.documents.tradeRegisterExtract.url as string;
    assert.equal((await fetch(url)).status, 200);
    await h.svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 2 * 3_600_000 } });
    const expired = await fetch(url);
    assert.equal(expired.status, 401);
    const fresh = (await h.svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key })).body.documents.tradeRegisterExtract.url;
    assert.notEqual(fresh, url);
    const pdf = await fetch(fresh);
    assert.equal(pdf.status, 200);
    assert.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    assert.equal((await fetch(fresh.replace(/expires=\d+/, 'expires=9999999999'))).status, 401, 'tampered');
    const stored = await h.svc.db.query<{ content: unknown; blob_key: string }>(
      'select content, blob_key from document_files where document_id = $1',
      [id],
    );
    assert.equal(stored[0]!.content, null, 'bytes live in the blob store, not the database');
    assert.ok(stored[0]!.blob_key);
  });
});
