import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

// Deterministic seeds: generated TEST companies, open and closed, with accounts of one to three years.
const IDS = Array.from({ length: 12 }, (_, i) => `CHRONO-${i}`);

describe('TEST register documents are in chronological order', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 10_000_000 })).apiKey;
  });
  after(() => svc.close());

  const post = async (body: Record<string, unknown>) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', mode: 'onboarding', ...body } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  it('period end ≤ approval ≤ filing ≤ today, never before incorporation nor after closure', async () => {
    const today = new Date().toISOString().slice(0, 10);
    let statements = 0;
    for (const id of IDS) {
      const { company, availableDocuments } = await post({ id, dataPoints: ['company', 'availableDocuments'] });
      const closed = company.status.statusDetails.closureDate as string | undefined;
      for (const d of availableDocuments) {
        assert.ok(d.date >= company.incorporationDate, `${d.id} dated ${d.date} before incorporation ${company.incorporationDate}`);
        assert.ok(d.date <= today, `${d.id} dated after today`);
        if (closed) assert.ok(d.date <= closed, `${d.id} dated ${d.date} after closure ${closed}`);
      }
      const accounts = availableDocuments.filter((d: any) => d.type === 'financialStatements');
      if (accounts.length === 0) continue;
      const { documents } = await post({ id, documents: accounts.map((d: any) => d.id) });
      for (const item of documents.financialStatements) {
        const entry = accounts.find((d: any) => d.id === item.id);
        const periodEnd = `${entry.period.year}-12-31`;
        const approved = item.extractedFinancialData.approvalDate;
        assert.ok(periodEnd < approved, `${item.id}: approved ${approved} before the period ended`);
        assert.ok(approved <= entry.date, `${item.id}: approved ${approved} after it was filed on ${entry.date}`);
        statements++;
      }
    }
    assert.ok(statements >= 10, `only ${statements} statements checked`);
  });
});
