import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import PDFDocument from 'pdfkit';
import { accountsFromLines, extractAccounts } from './extract.ts';
import type { PdfLine } from '../../documents/pdf-lines.ts';
import { currencyAfter, dateAfter, parseAmount, parseDate } from './reading.ts';

/** A line as pdf-lines reads it: a label at the left margin, amounts right-aligned at the given right edges. */
const line = (label: string, ...cells: [string, number][]): PdfLine => ({
  page: 1,
  y: 0,
  runs: [
    ...(label ? [{ x: 56, end: 56 + label.length * 5, text: label }] : []),
    ...cells.map(([text, end]) => ({ x: end - text.length * 5, end, text })),
  ],
});
const text = (t: string): PdfLine => line(t);
const CUR = 439;
const PRIOR = 539;

describe('reading cells', () => {
  it('reads amounts in the ways accounts print them, and nothing else', () => {
    const cases: [string, number | undefined][] = [
      ['1,234', 1234],
      ['1,234.50', 1234.5],
      ['(1,234)', -1234],
      ['-1,234', -1234],
      ['−1,234', -1234],
      ['-', 0],
      ['–', 0],
      ['£1,234', 1234],
      ['-£1,234', -1234],
      ['(€56)', -56],
      ['EUR 1,234.00', 1234],
      ['1,234 GBP', 1234],
      ['12', 12],
      ['Revenue', undefined],
      ['12%', undefined],
      ['2024-05-01', undefined],
      ['1,23', undefined],
      ['', undefined],
    ];
    for (const [cell, value] of cases) assert.equal(parseAmount(cell)?.value, value, cell);
    assert.equal(parseAmount('£1,234')?.currency, 'GBP');
    assert.equal(parseAmount('EUR 1,234.00')?.currency, 'EUR');
  });

  it('reads dates in several spellings, refusing impossible ones', () => {
    for (const d of ['2024-05-12', '12 May 2024', '12th May 2024', 'May 12, 2024', '12/05/2024'])
      assert.equal(parseDate(d), '2024-05-12', d);
    assert.equal(parseDate('31 February 2024'), undefined);
    assert.equal(parseDate('2024-13-01'), undefined);
    assert.equal(dateAfter('Income statement for the\nyear ended 30 June 2024', ['year ended']), '2024-06-30');
    assert.deepEqual(currencyAfter("Amounts in EUR'000", ['amounts in']), { currency: 'EUR', scale: 1000 });
    assert.equal(currencyAfter('Amounts in thousands', ['amounts in']), undefined, 'a word, not a code');
  });
});

describe('reading a statement from its lines', () => {
  const statement = [
    text('Statement of profit or loss for the year ended 31 December 2024'),
    text('Amounts in EUR'),
    line('', ['2024', CUR], ['2023', PRIOR]),
    line('Revenue', ['1,000,000', CUR], ['800,000', PRIOR]),
    line('Cost of sales', ['(600,000)', CUR], ['(500,000)', PRIOR]),
    line('Property, plant and equipment', ['5', CUR], ['6', PRIOR]),
    line('Finance costs', ['7', 330], ['(1,500)', CUR], ['(1,200)', PRIOR]),
    line('Loss for the year', ['25,000', CUR], ['(3,000)', PRIOR]),
    text('Current assets'),
    line('Inventories', ['-', PRIOR]),
    line('Total current assets', ['300,000', CUR], ['250,000', PRIOR]),
    line('Revenue', ['7', CUR], ['7', PRIOR]),
    text('Approved by the board of directors on 3 April 2025.'),
  ];

  it('reads each known line into its year by the column headings, skipping note references, with costs positive and losses negative', () => {
    const a = accountsFromLines(statement)!;
    assert.deepEqual(a.fiscalYear, { year: 2024, startDate: '2024-01-01', endDate: '2024-12-31' });
    assert.equal(a.approvalDate, '2025-04-03');
    assert.equal(a.currency, 'EUR');
    assert.deepEqual(a.current, {
      incomeStatement: { revenue: 1_000_000, costOfSales: 600_000, financeCosts: 1_500, netIncome: -25_000 },
      balanceSheet: { currentAssets: 300_000 },
    });
    assert.deepEqual(a.prior, {
      year: 2023,
      incomeStatement: { revenue: 800_000, costOfSales: 500_000, financeCosts: 1_200, netIncome: -3_000 },
      balanceSheet: { inventories: 0, currentAssets: 250_000 },
    });
  });

  it('reads amounts in reading order without headings, applies a stated scale, and knows a year from headings alone', () => {
    const a = accountsFromLines([
      text("Balance sheet as at 30 June 2024 (GBP'000)"),
      text("Amounts in GBP'000"),
      line('Total assets', ['1,200', 300], ['1,100', 400]),
    ])!;
    assert.deepEqual(a.fiscalYear, { year: 2024, startDate: '2023-07-01', endDate: '2024-06-30' });
    assert.deepEqual(a.current.balanceSheet, { totalAssets: 1_200_000 });
    assert.deepEqual(a.prior?.balanceSheet, { totalAssets: 1_100_000 });
    const undated = accountsFromLines([line('', ['2022', CUR]), line('Turnover', ['£9,000', CUR])])!;
    assert.deepEqual(undated.fiscalYear, { year: 2022 });
    assert.equal(undated.currency, 'GBP', 'from the amount’s symbol');
    assert.equal(undated.prior, undefined);
  });

  it('gives up on a layout that is not accounts', () => {
    assert.equal(accountsFromLines([]), undefined);
    assert.equal(
      accountsFromLines([text('Memorandum of Association'), line('Issued share capital', ['1,200', CUR])]),
      undefined,
      'no year',
    );
    assert.equal(
      accountsFromLines([text('Annual return made up to 31 December 2024'), line('Registered office', ['Valletta', CUR])]),
      undefined,
      'no known line',
    );
  });
});

/** A PDF in a third layout: UK small-company style, pound signs, a loss, no comparatives, a June year end. */
function smallCompanyAccounts(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) =>
    doc.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))),
  );
  doc.font('Helvetica-Bold').fontSize(14).text('HARBOUR LIGHTS LTD');
  doc.font('Helvetica').fontSize(10).text('Profit and loss account for the year ended 30 June 2024');
  const row = (label: string, value: string) => {
    const y = doc.y;
    doc.text(label, 50, y, { lineBreak: false }).text(value, 400, y, { width: 100, align: 'right', lineBreak: false });
    doc.x = 50;
    doc.y = y + 14;
  };
  row('', '2024');
  row('Turnover', '£412,300');
  row('Cost of sales', '(£250,000)');
  row('Loss for the financial year', '(£18,250)');
  doc.moveDown().text('Balance sheet as at 30 June 2024');
  row('Stocks', '£12,000');
  row('Total current assets', '£95,500');
  row('Creditors: amounts falling due within one year', '(£120,000)');
  row('Total liabilities', '£160,000');
  row("Shareholders' funds", '(£44,500)');
  doc.moveDown().text('These accounts were approved by the directors on 1st March 2025.');
  doc.end();
  return done;
}

describe('reading accounts from PDF bytes', () => {
  it('reads a layout of another kind of accounts', async () => {
    const a = (await extractAccounts(await smallCompanyAccounts()))!;
    assert.deepEqual(a.fiscalYear, { year: 2024, startDate: '2023-07-01', endDate: '2024-06-30' });
    assert.equal(a.currency, 'GBP');
    assert.equal(a.approvalDate, '2025-03-01');
    assert.deepEqual(a.current.incomeStatement, { revenue: 412_300, costOfSales: 250_000, netIncome: -18_250 });
    assert.deepEqual(a.current.balanceSheet, {
      inventories: 12_000,
      currentAssets: 95_500,
      currentLiabilities: 120_000,
      totalLiabilities: 160_000,
      equity: -44_500,
    });
    assert.equal(a.prior, undefined);
  });

  it('returns nothing for bytes that are not a PDF', async () => {
    assert.equal(await extractAccounts(new TextEncoder().encode('not a pdf')), undefined);
  });
});
