import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { startTestService, type TestService } from '../support/service.ts';

const r2 = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * The ratios a response must show, recomputed here from the response's own figures by the documented formulas
 * (a ratio without its inputs, or with a denominator that is not positive, must be absent).
 */
function expectedRatios(fin: any): Record<string, number> {
  const is = fin.incomeStatement;
  const bs = fin.balanceSheet;
  const prior = fin.analysis.trends?.lines.revenue?.prior;
  const over = (a: number | undefined, b: number | undefined, round: (v: number) => number) =>
    a === undefined || b === undefined || !(b > 0) ? undefined : round(a / b);
  const ratios = {
    currentRatio: over(bs.currentAssets, bs.currentLiabilities, r2),
    quickRatio: bs.inventories === undefined ? undefined : over(bs.currentAssets - bs.inventories, bs.currentLiabilities, r2),
    debtToEquity: over(bs.totalLiabilities, bs.equity, r2),
    netProfitMargin: over(is.netIncome, is.revenue, r4),
    returnOnEquity: over(is.netIncome, bs.equity, r4),
    revenueGrowth: prior === undefined ? undefined : over(is.revenue - prior, prior, r4),
  };
  return Object.fromEntries(Object.entries(ratios).filter(([, v]) => v !== undefined)) as Record<string, number>;
}

const pdfTextOf = async (url: string) =>
  (await extractText(await getDocumentProxy(new Uint8Array(await (await fetch(url)).arrayBuffer())), { mergePages: true })).text;
const grouped = (n: number) => Math.abs(n).toLocaleString('en-GB');

describe('financial statements: figures read from the document, ratios computed from them', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const post = (countryCode: string, body: Record<string, unknown>) =>
    svc.call('POST', '/v2/company', { key, body: { countryCode, ...body } });

  /** Checks one delivered statement: its ratios against its own figures, and its figures against its PDF. */
  async function checkStatement(item: any, year: number, currency: string) {
    assert.equal(item.isAIEnriched, true);
    const fin = item.extractedFinancialData;
    assert.equal(fin.fiscalYear.year, year);
    assert.equal(fin.currency, currency);
    assert.deepEqual(item.period, { startDate: { year, month: 1, day: 1 }, endDate: { year, month: 12, day: 31 } });
    assert.ok(fin.incomeStatement.revenue > 0 && fin.balanceSheet.totalAssets > 0);
    assert.deepEqual(fin.analysis.ratios, expectedRatios(fin));
    assert.ok(Object.keys(fin.analysis.ratios).length >= 5, JSON.stringify(fin.analysis.ratios));
    assert.ok(Number.isInteger(fin.analysis.healthScore) && fin.analysis.healthScore >= 0 && fin.analysis.healthScore <= 100);
    for (const insight of fin.analysis.insights)
      assert.ok(insight.title && insight.description && insight.recommendation && insight.metricValue !== undefined);
    assert.ok(fin.analysis.summary.includes(String(fin.analysis.healthScore)));
    const text = await pdfTextOf(item.url);
    for (const v of [fin.incomeStatement.revenue, fin.incomeStatement.netIncome, fin.balanceSheet.totalAssets, fin.balanceSheet.equity]) {
      assert.ok(text.includes(grouped(v)), `${v} is not in the PDF`);
    }
  }

  it('TEST: a financialStatements document', async () => {
    const list = await post('TEST', { id: 'ACME-HOLDING', mode: 'onboarding', dataPoints: ['availableDocuments'] });
    const entry = list.body.availableDocuments.find((d: any) => d.type === 'financialStatements');
    const res = await post('TEST', { id: 'ACME-HOLDING', mode: 'onboarding', documents: [entry.id] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.request.dataStatus.documents[entry.id].status, 'succeeded');
    const [item] = res.body.documents.financialStatements;
    await checkStatement(item, entry.period.year, 'GBP');
    assert.equal(item.extractedFinancialData.analysis.trends.comparedWithYear, entry.period.year - 1);
  });

  it('MT: annual accounts bought through the connector', async () => {
    const ids = ['MT-C21345-ACCOUNTS-80403', 'MT-C21345-ACCOUNTS-80405'];
    const res = await post('MT', { id: 'C21345', mode: 'onboarding', documents: ids });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    for (const id of ids) assert.equal(res.body.request.dataStatus.documents[id].status, 'succeeded', id);
    const items = res.body.documents.financialStatements as any[];
    assert.equal(items.length, 2);
    for (const [id, year] of [
      [ids[0], 2023],
      [ids[1], 2024],
    ] as const) {
      const item = items.find((i) => i.id === id);
      await checkStatement(item, year, 'EUR');
      assert.ok(item.extractedFinancialData.approvalDate < item.date, 'approved before it was filed');
    }
    // The 2024 accounts print 2023 as their comparative: the same figures the 2023 accounts print for their year.
    const [y2023, y2024] = ids.map((id) => items.find((i) => i.id === id).extractedFinancialData);
    assert.equal(y2024.analysis.trends.lines.revenue.prior, y2023.incomeStatement.revenue);
  });
});
