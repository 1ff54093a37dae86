import type { Address, AvailableDocument, Company } from '../../contract/index.ts';
import { financialDataFromPdf } from '../../enrichment/financials/index.ts';
import type { RetrievedDocument } from '../contract.ts';
import { describeDocument, DOCUMENT_TYPES, parseDocumentId, type TestDocumentType } from './document-list.ts';
import { accountsOf, type GeneratedAccounts } from './financials.ts';
import { AS_OF_YEAR } from './generator.ts';
import { renderPdf, type PdfSection } from './pdf.ts';
import type { TestCompanyView } from './record.ts';

const FINANCIAL = new Set(['financialStatements', 'lastFiscalYearFinancialStatement']);

export const formatAddress = (a: Address | undefined) =>
  a ? [a.careOf, a.addressLine1, a.addressLine2, a.city, a.postalCode, a.region, a.countryCode].filter(Boolean).join(', ') : '';

const amount = (n: number, currency: string) => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(n);
  } catch {
    return `${n} ${currency}`; // not an ISO currency code
  }
};

/** Labels of the line items, in statement order (the extraction's label table knows each of them). */
const LINES: Record<string, string> = {
  revenue: 'Revenue',
  costOfSales: 'Cost of sales',
  grossProfit: 'Gross profit',
  operatingExpenses: 'Operating expenses',
  operatingIncome: 'Operating profit',
  financeCosts: 'Finance costs',
  profitBeforeTax: 'Profit before tax',
  incomeTax: 'Income tax',
  netIncome: 'Profit for the year',
  cash: 'Cash at bank',
  tradeReceivables: 'Trade receivables',
  inventories: 'Inventories',
  currentAssets: 'Current assets',
  nonCurrentAssets: 'Non-current assets',
  totalAssets: 'Total assets',
  currentLiabilities: 'Current liabilities',
  nonCurrentLiabilities: 'Non-current liabilities',
  totalLiabilities: 'Total liabilities',
  equity: 'Equity',
};

function profileRows(company: Company): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Legal name', company.legalName],
    ['Former names', company.legacyLegalNames?.join('; ')],
    ['Legal form', company.legalForm?.localName],
    [
      'Status',
      [company.status?.localName, company.status?.statusDetails?.closureDate ?? company.status?.statusDetails?.insolvencyStartDate]
        .filter(Boolean)
        .join(' since '),
    ],
    ['Incorporated', company.incorporationDate],
    ['Registered office', formatAddress(company.legalAddress)],
    [
      'Share capital',
      company.capital?.formatted ?? (company.capital ? amount(company.capital.amount, company.capital.currency) : undefined),
    ],
    ['Activities', company.activities?.NACE?.map((a) => `${a.code} ${a.description ?? ''}`.trim()).join('; ')],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

function officerRows(view: TestCompanyView): [string, string][] {
  return [...view.legalRepresentatives, ...view.otherKeyPersons].map((p) => [
    p.individual?.name?.fullName ?? p.company?.legalName ?? 'Unnamed',
    [p.role?.localName ?? p.role?.standardized, p.startDate && `appointed ${p.startDate}`].filter(Boolean).join(', '),
  ]);
}

function shareholderRows(view: TestCompanyView): [string, string][] {
  return view.shareholders.map((s) => [
    s.individual?.name?.fullName ?? s.company?.legalName ?? 'Unnamed',
    [s.sharePercentage !== undefined && `${s.sharePercentage}%`, s.numberOfShares !== undefined && `${s.numberOfShares} shares`]
      .filter(Boolean)
      .join(', '),
  ]);
}

/** An amount as the statements print it: grouped, negatives in brackets, nil as a dash. */
const figure = (n: number) => (n === 0 ? '-' : n < 0 ? `(${Math.abs(n).toLocaleString('en-GB')})` : n.toLocaleString('en-GB'));

/**
 * A set of accounts: the income statement and balance sheet of the year with the prior year's comparatives (when
 * the company existed then), the currency they are in, and the board's approval.
 */
function accountsSections(company: Company, year: number): PdfSection[] {
  const current = accountsOf(company, year);
  const incorporated = Number(company.incorporationDate?.slice(0, 4)) || undefined;
  const prior = incorporated === undefined || incorporated < year ? accountsOf(company, year - 1) : undefined;
  const columns = [String(year), ...(prior ? [String(year - 1)] : [])];
  const rows = (statement: keyof Pick<GeneratedAccounts, 'incomeStatement' | 'balanceSheet'>) =>
    Object.entries(current[statement]).map(([key, v]): [string, ...string[]] => [
      LINES[key] ?? key,
      figure(v),
      ...(prior ? [figure(prior[statement][key]!)] : []),
    ]);
  const note = `Amounts in ${current.currency}`;
  return [
    { heading: `Income statement for the year ended 31 December ${year}`, table: { note, columns, rows: rows('incomeStatement') } },
    { heading: `Balance sheet at 31 December ${year}`, table: { note, columns, rows: rows('balanceSheet') } },
    { heading: 'Approval', paragraphs: [`These financial statements were approved by the board on ${current.approvalDate}.`] },
  ];
}

function sectionsFor(type: string, view: TestCompanyView, year: number): PdfSection[] {
  const c = view.company;
  switch (type) {
    case 'financialStatements':
    case 'lastFiscalYearFinancialStatement':
      return accountsSections(c, year);
    case 'articlesOfAssociation':
      return [
        {
          heading: 'Articles of association',
          paragraphs: [
            `1. The name of the company is ${c.legalName ?? c.id}.`,
            `2. The registered office of the company is situated in ${c.legalAddress?.city ?? 'the United Kingdom'}.`,
            `3. The liability of the members is limited to the amount, if any, unpaid on the shares held by them.`,
            `4. The share capital of the company at incorporation is ${c.capital?.formatted ?? 'as stated in the register'}.`,
            '5. The directors are responsible for the management of the company, for which purpose they may exercise all the powers of the company.',
            '6. Decisions of the directors are taken by a majority of the directors present at a meeting.',
          ],
        },
      ];
    case 'annualReturns':
      return [
        { heading: `Confirmation statement made up to 31 December ${year}`, rows: profileRows(c).slice(0, 6) },
        { heading: 'Officers', rows: officerRows(view) },
        { heading: 'Shareholders', rows: shareholderRows(view) },
      ];
    default:
      return [
        { heading: 'Company', rows: [['Registration number', c.id], ...profileRows(c)] },
        { heading: 'Officers', rows: officerRows(view) },
        { heading: 'Shareholders', rows: shareholderRows(view) },
      ];
  }
}

/**
 * A document of a company's list (`availableDocuments`), rendered. Financial statements print their figures; their
 * `extractedFinancialData` is read back from the rendered bytes by the same extraction as any register's accounts,
 * and the item is flagged `isAIEnriched` only when that extraction produced figures.
 */
export async function renderDocument(view: TestCompanyView, entry: AvailableDocument, register: string): Promise<RetrievedDocument> {
  const parsed = parseDocumentId(entry.id);
  const year = entry.period?.year ?? parsed?.year ?? (Number(entry.date?.slice(0, 4)) || AS_OF_YEAR);
  const known = (DOCUMENT_TYPES as readonly string[]).includes(entry.type)
    ? describeDocument(entry.type as TestDocumentType, year)
    : undefined;
  const date = entry.date ?? `${year}-12-31`;
  const item: RetrievedDocument['item'] = {
    id: entry.id,
    name: entry.name ?? known?.name ?? entry.type,
    format: 'PDF',
    ...((entry.description ?? known?.description) ? { description: entry.description ?? known?.description } : {}),
    date,
    category: entry.type,
    type: entry.type,
    ...(entry.price !== undefined ? { price: entry.price } : {}),
  };
  if (FINANCIAL.has(entry.type)) item.period = { startDate: { year, month: 1, day: 1 }, endDate: { year, month: 12, day: 31 } };
  const content = await renderPdf({
    title: item.name ?? entry.type,
    companyName: view.company.legalName ?? view.company.id,
    companyId: view.company.id,
    register,
    date,
    sections: sectionsFor(entry.type, view, year),
  });
  if (FINANCIAL.has(entry.type)) {
    const financial = await financialDataFromPdf(content);
    if (financial) {
      item.extractedFinancialData = financial;
      item.isAIEnriched = true;
    }
  }
  return { item, contentType: 'application/pdf', content };
}
