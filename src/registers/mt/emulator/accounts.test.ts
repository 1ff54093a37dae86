import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { extractText, getDocumentProxy } from 'unpdf';
import { financialDataFromPdf } from '../../../enrichment/financials/index.ts';
import { MtRecordSchema, type MtFiling, type MtRecord } from '../record.ts';
import { accountsSections, type AccountsTable } from './accounts.ts';
import { renderFilingPdf } from './filing-pdf.ts';
import { unitOf } from '../../../sandbox/random.ts';

const seed = (JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: unknown[] }).companies.map((c) =>
  MtRecordSchema.parse(c),
);
const MARITIME = seed.find((r) => r.company.registrationNumber === 'C 21345')!;
const ACCOUNTS_2023 = MARITIME.documents.find((d) => d.fileId === '80403')!;

const printed = (n: number) => (n === 0 ? '-' : n < 0 ? `(${Math.abs(n).toLocaleString('en-GB')})` : n.toLocaleString('en-GB'));
const textOf = async (pdf: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

/** A company of the given number, registered in `registered`, with one set of accounts for 2024. */
function company(number: string, registered: string): { record: MtRecord; filing: MtFiling } {
  const filing: MtFiling = { fileId: 'F-1', date: '2025-06-30', title: 'Annual Accounts 2024', documentsInFile: 1, documentYear: 2024 };
  const record = MtRecordSchema.parse({
    company: {
      registrationNumber: number,
      name: 'TEST ACCOUNTS LIMITED',
      type: 'Limited Liability Company',
      subtype: 'Private Exempt',
      suffix: 'Ltd.',
      state: 'Active',
      registrationDate: registered,
      issuedCapital: 1200,
      currency: 'EUR',
    },
    involvements: [{ role: 'Director', name: 'Anna Grech', isLegalEntity: false }],
    documents: [filing],
  });
  return { record, filing };
}

describe('MT annual accounts PDFs read back by the extraction', () => {
  it('print both years in columns; the extraction reads every primary line of the year and the comparatives', async () => {
    const pdf = await renderFilingPdf(MARITIME, ACCOUNTS_2023);
    const fin = (await financialDataFromPdf(pdf))!;
    assert.deepEqual(fin.fiscalYear, { year: 2023, startDate: '2023-01-01', endDate: '2023-12-31' });
    assert.equal(fin.currency, 'EUR');
    assert.ok(fin.approvalDate! < ACCOUNTS_2023.date && fin.approvalDate! > '2024-01-01', `approved ${fin.approvalDate}`);
    const is = fin.incomeStatement!;
    const bs = fin.balanceSheet!;
    assert.deepEqual(Object.keys(is), [
      'revenue',
      'costOfSales',
      'grossProfit',
      'operatingExpenses',
      'operatingIncome',
      'financeCosts',
      'profitBeforeTax',
      'incomeTax',
      'netIncome',
    ]);
    assert.equal(is.grossProfit, is.revenue! - is.costOfSales!, 'costs printed in brackets are read as positive costs');
    assert.equal(is.netIncome, is.profitBeforeTax! - is.incomeTax!);
    assert.equal(bs.totalAssets, bs.currentAssets! + bs.nonCurrentAssets!);
    assert.equal(bs.totalAssets, bs.totalLiabilities! + bs.equity!);
    assert.equal(bs.totalLiabilities, bs.currentLiabilities! + bs.nonCurrentLiabilities!);
    const text = await textOf(pdf);
    for (const [key, v] of Object.entries({ ...is, ...bs })) {
      const cost = ['costOfSales', 'operatingExpenses', 'financeCosts', 'incomeTax'].includes(key);
      assert.ok(text.includes(printed(cost ? -v : v)), `${key} ${v} is not printed`);
    }
    const revenue = fin.analysis!.trends!.lines!.revenue!;
    assert.equal(fin.analysis!.trends!.comparedWithYear, 2022);
    assert.ok(text.includes(printed(revenue.prior)));
    assert.equal(fin.analysis!.ratios!.revenueGrowth, Math.round(((revenue.current - revenue.prior) / revenue.prior) * 10_000) / 10_000);
  });

  it('a company without stock prints no inventories line: no quick ratio rather than a guess', async () => {
    let n = 70_000;
    while (unitOf(`C ${n}:stock`) >= 0.3) n++;
    const { record, filing } = company(`C ${n}`, '2010-01-01');
    const fin = (await financialDataFromPdf(await renderFilingPdf(record, filing)))!;
    assert.equal(fin.balanceSheet!.inventories, undefined);
    assert.equal(fin.analysis!.ratios!.quickRatio, undefined);
    assert.ok(fin.analysis!.ratios!.currentRatio !== undefined);
  });

  it('a company registered during the year prints one column: no growth, no trends', async () => {
    const { record, filing } = company('C 70001', '2024-03-01');
    const pdf = await renderFilingPdf(record, filing);
    const fin = (await financialDataFromPdf(pdf))!;
    assert.equal(fin.fiscalYear!.year, 2024);
    assert.ok(fin.incomeStatement!.revenue! > 0);
    assert.equal(fin.analysis!.ratios!.revenueGrowth, undefined);
    assert.deepEqual(fin.analysis!.trends, { revenueDirection: 'unknown', profitabilityDirection: 'unknown', debtDirection: 'unknown' });
    assert.doesNotMatch(await textOf(pdf), /\b2023\b/);
  });

  it("the retained earnings move by the year's profit or loss, and the balance sheet balances, every year", () => {
    const amount = (printed: string) => (printed === '-' ? 0 : Number(printed.replace(/[(),]/g, '')) * (printed.startsWith('(') ? -1 : 1));
    let checked = 0;
    const generated = Array.from({ length: 50 }, (_, i) => company(`C ${27_800 + i}`, `${2001 + (i % 20)}-05-01`).record);
    for (const r of [...seed, ...generated]) {
      for (const filing of r.documents.filter((d) => d.documentYear && /accounts/i.test(d.title))) {
        const [income, position] = accountsSections(r, filing, filing.documentYear!, r.involvements);
        const row = (t: AccountsTable | undefined, label: string) =>
          t!.rows
            .find((x) => x[0] === label)!
            .slice(1)
            .map(amount);
        const retained = row(position!.table, 'Retained earnings');
        if (retained.length < 2) continue;
        const profit = row(income!.table, 'Profit/(loss) for the year');
        assert.equal(retained[0]! - retained[1]!, profit[0], `${r.company.registrationNumber} ${filing.documentYear}`);
        const assets = row(position!.table, 'Total assets');
        assert.deepEqual(assets, row(position!.table, 'Total equity and liabilities'));
        assert.ok(row(position!.table, 'Cash and cash equivalents').every((c) => c > 0));
        checked++;
      }
    }
    assert.ok(checked >= 50, `${checked} sets of accounts with comparatives`);
  });

  it('other filings carry no accounts to read', async () => {
    const memart = MARITIME.documents.find((d) => d.fileId === '80401')!;
    assert.equal(await financialDataFromPdf(await renderFilingPdf(MARITIME, memart)), undefined);
  });
});
