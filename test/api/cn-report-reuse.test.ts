import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CnRegister } from '../../src/registers/cn/index.ts';
import { completeUscc, reportDocumentId } from '../../src/registers/cn/ids.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * The CN profile is read from the credit report PDF; that same report, asked for as the profile's included document
 * in the same request, is produced by the portal once and billed as included (0).
 *
 * The document's task runs after the profile's (Register.handsOnDocument), so the CN client's sharing of an in-flight
 * download cannot hide a second fetch: without the runner delivering the profile's download (`deliverDownloaded`)
 * the portal serves the report twice and this fails. The runner delivers the report before the profile settles: the
 * other way round, a document job that ran between the two found the profile settled and its report not yet delivered,
 * and downloaded it again (seen once in CI; a pause put between the two makes it fail every time).
 */
describe('CN: the profile and its included report download the report once', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 1_000_000 })).apiKey;
  });
  after(() => svc.close());

  const downloads = (uscc: string) => (svc.registers.get('CN') as CnRegister).sandboxDownloads?.get(uscc) ?? 0;
  const store = async (serial: string) => {
    const uscc = completeUscc(serial);
    const record = {
      企业名称: '北京复用科技有限公司',
      类型: '有限责任公司',
      法定代表人: '李四',
      成立日期: '2018年05月06日',
      登记状态: '存续',
    };
    const res = await svc.call('PUT', `/admin/sandbox/CN/companies/${uscc}`, { admin: true, body: { record } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return uscc;
  };
  const settled = (requestId: string) =>
    eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
        const s = r.body.request.dataStatus;
        const all = [...Object.values(s.dataPoints), ...Object.values(s.documents ?? {})] as any[];
        return all.every((e) => e.status !== 'in_progress' && e.status !== 'enriching') && r.body;
      },
      30_000,
      100,
    );
  const assertDelivered = async (body: any, uscc: string) => {
    const docId = reportDocumentId(uscc);
    assert.equal(body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(body.request.dataStatus.documents[docId].status, 'succeeded', JSON.stringify(body.request.dataStatus));
    assert.equal(body.company.legalName, '北京复用科技有限公司');
    const pdf = await fetch(body.documents.tradeRegisterExtract.url);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.ok((await pdf.arrayBuffer()).byteLength > 1000);
    // Billing as the catalogue says: the profile charged, its report included (0).
    const events = (await svc.call('GET', `/v2/billing/events?first=100&requestId=${body.request.requestId}`, { key })).body.events;
    assert.deepEqual(events.map((e: any) => [e.sku, e.status, e.amount]).sort(), [
      ['CHN_CERTIFIED_REGISTER_EXTRACT', 'included', 0],
      ['CN-PROFILE', 'charged', 150],
    ]);
  };

  for (const mode of ['verification', 'onboarding'] as const) {
    it(`${mode}: profile plus report, one download`, async () => {
      const uscc = await store(mode === 'verification' ? '91110000MA000003' : '91110000MA000004');
      const created = await svc.call('POST', '/v2/company', {
        key,
        body: { countryCode: 'CN', id: uscc, mode, dataPoints: ['company'], documents: [reportDocumentId(uscc)] },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      await assertDelivered(await settled(created.body.request.requestId), uscc);
      assert.equal(downloads(uscc), 1, 'the report PDF was downloaded once');
    });
  }

  it('fast: a later request of the same account gets the report it was delivered, without a download; without fast, a fresh one', async () => {
    const uscc = await store('91110000MA000005');
    const docId = reportDocumentId(uscc);
    const ask = async (body: Record<string, unknown>, as = key) => {
      const created = await svc.call('POST', '/v2/company', {
        key: as,
        body: { countryCode: 'CN', id: uscc, mode: 'onboarding', ...body },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      return created.body;
    };
    const first = await ask({ documents: [docId] });
    assert.equal(first.request.dataStatus.documents[docId].status, 'succeeded');
    assert.equal(downloads(uscc), 1);

    const again = await ask({ documents: [docId], fast: true });
    assert.equal(again.request.dataStatus.documents[docId].status, 'succeeded', JSON.stringify(again.request.dataStatus));
    assert.equal(downloads(uscc), 1, 'served from the report the account was delivered');
    const pdf = await fetch(again.documents.tradeRegisterExtract.url);
    assert.equal(pdf.status, 200);
    assert.ok((await pdf.arrayBuffer()).byteLength > 1000);

    // Another account's delivery does not serve (the file is the first account's), nor does a request without fast.
    const other = (await svc.newAccount({ credits: 1_000_000 })).apiKey;
    await ask({ documents: [docId], fast: true }, other);
    assert.equal(downloads(uscc), 2, "another account's request downloads its own");
    await ask({ documents: [docId] });
    assert.equal(downloads(uscc), 3, 'without fast the register is asked again');
  });
});
