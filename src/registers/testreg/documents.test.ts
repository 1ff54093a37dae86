import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DocumentItem } from '../../contract/index.ts';
import { codeOf, ctx, openHarness, type Harness } from '../../../test/support/test-register.ts';

let h: Harness;
before(async () => {
  h = await openHarness();
});
after(async () => {
  await h?.close();
});

/** The text a PDF draws: PDFKit writes it as hex strings in TJ arrays of uncompressed content streams. */
function pdfText(content: Uint8Array): string {
  const raw = Buffer.from(content).toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((m) => [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''))
    .join('\n');
}

const docsOf = async (id: string) => (await h.register.fetch('availableDocuments', id, ctx())).data;

test('every listed document renders as a real PDF naming the company, its id and the document', async () => {
  const { company } = (await h.register.fetch('company', 'ACME-HOLDING', ctx())).data;
  const docs = await docsOf('ACME-HOLDING');
  assert.ok(docs.length >= 3 && docs.length <= 5);
  for (const entry of docs) {
    const doc = await h.register.fetchDocument('ACME-HOLDING', entry.id, ctx());
    assert.equal(doc.contentType, 'application/pdf');
    const bytes = Buffer.from(doc.content);
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(bytes.length > 1024, `${entry.id} is ${bytes.length} bytes`);
    assert.match(bytes.subarray(-8).toString('latin1'), /%%EOF/);
    const text = pdfText(doc.content);
    assert.ok(text.includes(company.legalName!), `${entry.id} does not show the company name`);
    assert.ok(text.includes('ACME-HOLDING'));
    assert.ok(text.includes(doc.item.name!), `${entry.id} does not show its title`);
    DocumentItem.parse(doc.item);
    assert.equal(doc.item.id, entry.id);
    assert.equal(doc.item.category, entry.type);
    assert.equal(doc.item.type, entry.type);
    assert.equal(doc.item.format, 'PDF');
    assert.equal(doc.item.date, entry.date);
    assert.equal(doc.item.price, h.register.catalogue.documents.find((d) => d.type === entry.type)?.price);
  }
});

test('the extract shows the officers and shareholders of the company', async () => {
  const extract = (await docsOf('ACME-HOLDING')).find((d) => d.type === 'tradeRegisterExtract')!;
  const text = pdfText((await h.register.fetchDocument('ACME-HOLDING', extract.id, ctx())).content);
  for (const sh of (await h.register.fetch('shareholders', 'ACME-HOLDING', ctx())).data) {
    assert.ok(text.includes(sh.individual?.name?.fullName ?? sh.company?.legalName ?? '?'));
  }
  for (const rep of (await h.register.fetch('legalRepresentatives', 'ACME-HOLDING', ctx())).data) {
    assert.ok(text.includes(rep.individual?.name?.fullName ?? rep.company?.legalName ?? '?'));
  }
});

/** An amount as the TEST statements print it. */
const printed = (n: number) => (n === 0 ? '-' : n < 0 ? `(${Math.abs(n).toLocaleString('en-GB')})` : n.toLocaleString('en-GB'));
const r2 = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

test('financial statements carry their period and the figures read back from their own PDF, with ratios of those figures', async () => {
  const statements = (await docsOf('ACME-HOLDING')).filter((d) => d.type === 'financialStatements');
  assert.ok(statements.length >= 1);
  for (const entry of statements) {
    const doc = await h.register.fetchDocument('ACME-HOLDING', entry.id, ctx());
    const year = entry.period!.year;
    assert.deepEqual(doc.item.period, { startDate: { year, month: 1, day: 1 }, endDate: { year, month: 12, day: 31 } });
    assert.equal(doc.item.isAIEnriched, true, 'extracted from the bytes');
    const fin = doc.item.extractedFinancialData!;
    assert.deepEqual(fin.fiscalYear, { year, startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    assert.equal(fin.currency, 'GBP');
    assert.match(fin.approvalDate!, new RegExp(`^${year + 1}-0[3-8]-\\d{2}$`));
    const is = fin.incomeStatement!;
    const bs = fin.balanceSheet!;
    assert.equal(Object.keys(is).length, 9, 'every income statement line is read');
    assert.equal(Object.keys(bs).length, 10, 'every balance sheet line is read');
    assert.ok(is.revenue! > 0);
    assert.equal(is.grossProfit, is.revenue! - is.costOfSales!);
    assert.equal(bs.totalAssets, bs.currentAssets! + bs.nonCurrentAssets!);
    assert.equal(bs.totalAssets, bs.totalLiabilities! + bs.equity!);
    const text = pdfText(doc.content);
    for (const v of [...Object.values(is), ...Object.values(bs)]) assert.ok(text.includes(printed(v)), `${v} is not printed`);
    const a = fin.analysis!;
    assert.deepEqual(a.ratios, {
      currentRatio: r2(bs.currentAssets! / bs.currentLiabilities!),
      quickRatio: r2((bs.currentAssets! - bs.inventories!) / bs.currentLiabilities!),
      ...(bs.equity! > 0 ? { debtToEquity: r2(bs.totalLiabilities! / bs.equity!), returnOnEquity: r4(is.netIncome! / bs.equity!) } : {}),
      netProfitMargin: r4(is.netIncome! / is.revenue!),
      revenueGrowth: r4((is.revenue! - a.trends!.lines!.revenue!.prior) / a.trends!.lines!.revenue!.prior),
    });
    assert.equal(a.trends!.comparedWithYear, year - 1);
    assert.ok(text.includes(printed(a.trends!.lines!.revenue!.prior)), 'the prior year is printed beside the year');
    assert.ok(a.healthScore! >= 0 && a.healthScore! <= 100);
    assert.ok(a.summary && a.narrativeAnalysis && a.insights!.length >= 5);
  }
  const extract = (await docsOf('ACME-HOLDING')).find((d) => d.type === 'tradeRegisterExtract')!;
  const other = await h.register.fetchDocument('ACME-HOLDING', extract.id, ctx());
  assert.equal(other.item.isAIEnriched, undefined, 'nothing was extracted from an extract');
  assert.equal(other.item.extractedFinancialData, undefined);
});

test('accounts of a company in its first year print no comparatives: no growth, no trends; the currency is the company’s', async () => {
  await h.sandbox.put('TEST', 'DOCS-NEW', {
    company: { legalName: 'Fresh Start Ltd', incorporationDate: '2023-02-01', capital: { amount: 1000, currency: 'EUR' } },
    availableDocuments: [
      { id: 'first-accounts', name: 'Accounts 2023', type: 'financialStatements', date: '2024-05-01', period: { year: 2023 } },
    ],
  });
  const fin = (await h.register.fetchDocument('DOCS-NEW', 'first-accounts', ctx())).item.extractedFinancialData!;
  assert.equal(fin.fiscalYear?.year, 2023);
  assert.equal(fin.currency, 'EUR');
  assert.equal(fin.analysis?.ratios?.revenueGrowth, undefined);
  assert.deepEqual(fin.analysis?.trends, { revenueDirection: 'unknown', profitabilityDirection: 'unknown', debtDirection: 'unknown' });
  assert.ok(fin.analysis?.ratios?.currentRatio !== undefined);
});

test('the same document renders the same bytes', async () => {
  const [first] = await docsOf('ACME-HOLDING');
  const a = await h.register.fetchDocument('ACME-HOLDING', first!.id, ctx());
  const b = await h.register.fetchDocument('ACME-HOLDING', first!.id, ctx());
  assert.deepEqual(a.item, b.item);
  assert.ok(Buffer.from(a.content).equals(Buffer.from(b.content)));
});

test('a document of another company, or an unknown one, is not found', async () => {
  const [other] = await docsOf('NORTHWIND-TRADING');
  assert.equal(await codeOf(h.register.fetchDocument('ACME-HOLDING', other!.id, ctx())), 'resource_not_found');
  assert.equal(
    await codeOf(h.register.fetchDocument('ACME-HOLDING', 'TEST-DOC-ACME-HOLDING-financialStatements-1900', ctx())),
    'resource_not_found',
  );
  assert.equal(await codeOf(h.register.fetchDocument('ACME-HOLDING', 'nonsense', ctx())), 'resource_not_found');
});

test('a stored company has exactly the documents its record lists', async () => {
  await h.sandbox.put('TEST', 'DOCS-1', {
    company: { legalName: 'Paper Trail Ltd' },
    availableDocuments: [
      { id: 'my-accounts', name: 'Accounts 2020', type: 'financialStatements', date: '2021-05-01', period: { year: 2020 } },
    ],
  });
  const doc = await h.register.fetchDocument('DOCS-1', 'my-accounts', ctx());
  assert.equal(doc.item.extractedFinancialData?.fiscalYear?.year, 2020);
  assert.ok(pdfText(doc.content).includes('Paper Trail Ltd'));
  assert.equal(await codeOf(h.register.fetchDocument('DOCS-1', 'TEST-DOC-DOCS-1-tradeRegisterExtract-2025', ctx())), 'resource_not_found');

  await h.sandbox.put('TEST', 'DOCS-2', { company: { legalName: 'No Papers Ltd' } });
  assert.deepEqual(await docsOf('DOCS-2'), []);
  assert.equal(await codeOf(h.register.fetchDocument('DOCS-2', 'TEST-DOC-DOCS-2-tradeRegisterExtract-2025', ctx())), 'resource_not_found');
});
