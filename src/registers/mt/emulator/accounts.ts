import type { MtFiling, MtInvolvement, MtRecord } from '../record.ts';
import { unitOf } from '../../../sandbox/random.ts';

/** A statement table: column headings (years), then a label and one amount per column on each row; a label alone is a sub-heading. */
export interface AccountsTable {
  note: string;
  columns: string[];
  rows: [string, ...string[]][];
}

export interface AccountsSection {
  heading: string;
  table?: AccountsTable;
  paragraphs?: string[];
}

interface Figures {
  /** False for a company that holds no stock: no inventories line. */
  holdsStock: boolean;
  revenue: number;
  costOfSales: number;
  adminExpenses: number;
  financeCosts: number;
  propertyPlant: number;
  inventories: number;
  receivables: number;
  cash: number;
  payables: number;
  borrowings: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * Made-up figures of a company's year, the same every time: the company's own character (size from its issued
 * capital, growth, margins, how much stock it holds) from its number, a little noise from the year. Some companies
 * hold no stock; their accounts print no inventories line.
 */
function figuresOf(r: MtRecord, year: number): Figures {
  const id = r.company.registrationNumber;
  const own = (label: string) => unitOf(`${id}:${label}`);
  const mix = (label: string) => clamp01(own(label) + (unitOf(`${id}:${year}:${label}`) - 0.5) * 0.2);
  const size = Math.max(10_000, (r.company.issuedCapital ?? 1_200) * 20) * 3 * (0.6 + own('size'));
  const growth = -0.06 + 0.2 * own('growth');
  const revenue = Math.round(size * (1 + growth) ** (year - 2020) * (0.95 + 0.1 * unitOf(`${id}:${year}:revenue`)));
  const costOfSales = Math.round(revenue * (0.4 + 0.3 * mix('cost')));
  const holdsStock = own('stock') >= 0.3;
  return {
    holdsStock,
    revenue,
    costOfSales,
    adminExpenses: Math.round((revenue - costOfSales) * (0.55 + 0.55 * mix('admin'))),
    financeCosts: Math.round(revenue * 0.02 * mix('finance')),
    propertyPlant: Math.round(revenue * (0.2 + 0.8 * mix('fixed'))),
    inventories: holdsStock ? Math.round(revenue * 0.12 * mix('stock')) : 0,
    receivables: Math.round(revenue * (0.05 + 0.2 * mix('receivables'))),
    cash: Math.round(revenue * (0.03 + 0.25 * mix('cash'))),
    payables: Math.round(revenue * (0.1 + 0.35 * mix('payables'))),
    borrowings: Math.round(revenue * 0.6 * mix('borrowings')),
  };
}

/** The year's result: the income statement's lines down to the profit for the year. */
function resultOf(f: Figures) {
  const grossProfit = f.revenue - f.costOfSales;
  const operating = grossProfit - f.adminExpenses;
  const beforeTax = operating - f.financeCosts;
  const tax = beforeTax > 0 ? Math.round(beforeTax * 0.35) : 0; // Malta's corporate rate
  return { grossProfit, operating, beforeTax, tax, profit: beforeTax - tax };
}

/** Accounts are made up from this year at the earliest (the retained earnings' first year). */
const FIRST_ACCOUNTS_YEAR = 2000;

/**
 * The retained earnings at the end of `year`: every year's profit or loss since the company's first accounts, none
 * distributed, so that a year's change is its profit for the year, as in a real set of accounts.
 */
function retainedEarningsOf(r: MtRecord, year: number): number {
  const registered = Number(r.company.registrationDate?.slice(0, 4)) || FIRST_ACCOUNTS_YEAR;
  let retained = 0;
  for (let y = Math.max(registered, FIRST_ACCOUNTS_YEAR); y <= year; y++) retained += resultOf(figuresOf(r, y)).profit;
  return retained;
}

/**
 * The statements' lines of one year, in print order; costs are negative (printed in brackets). The balance sheet
 * balances on cash: what equity and liabilities finance beyond the other assets, borrowed where that would leave
 * less than a fifth of the year's usual cash.
 */
function linesOf(f: Figures, shareCapital: number, retained: number) {
  const { grossProfit, operating, beforeTax, tax } = resultOf(f);
  const equity = shareCapital + retained;
  const nonCurrent = f.propertyPlant;
  const otherCurrent = f.inventories + f.receivables;
  const minimumCash = Math.round(f.cash / 5);
  const financed = equity + f.borrowings + f.payables - nonCurrent - otherCurrent;
  const cash = Math.max(financed, minimumCash);
  const borrowings = f.borrowings + (cash - financed);
  const current = otherCurrent + cash;
  const liabilities = borrowings + f.payables;
  return {
    income: [
      ['Revenue', f.revenue],
      ['Cost of sales', -f.costOfSales],
      ['Gross profit', grossProfit],
      ['Administrative and other expenses', -f.adminExpenses],
      ['Operating profit/(loss)', operating],
      ['Finance costs', -f.financeCosts],
      ['Profit/(loss) before tax', beforeTax],
      ['Income tax expense', -tax],
      ['Profit/(loss) for the year', beforeTax - tax],
    ] as [string, number | undefined][],
    position: [
      ['ASSETS', undefined],
      ['Property, plant and equipment', f.propertyPlant],
      ['Total non-current assets', nonCurrent],
      ...(f.holdsStock ? [['Inventories', f.inventories] as [string, number]] : []),
      ['Trade and other receivables', f.receivables],
      ['Cash and cash equivalents', cash],
      ['Total current assets', current],
      ['Total assets', nonCurrent + current],
      ['EQUITY AND LIABILITIES', undefined],
      ['Share capital', shareCapital],
      ['Retained earnings', retained],
      ['Total equity', equity],
      ['Borrowings', borrowings],
      ['Total non-current liabilities', borrowings],
      ['Trade and other payables', f.payables],
      ['Total current liabilities', f.payables],
      ['Total liabilities', liabilities],
      ['Total equity and liabilities', equity + liabilities],
    ] as [string, number | undefined][],
  };
}

/** An amount as Maltese accounts print it: whole units grouped, negatives in brackets, nil as a dash. */
const printed = (n: number) => (n === 0 ? '-' : n < 0 ? `(${Math.abs(n).toLocaleString('en-GB')})` : n.toLocaleString('en-GB'));

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const longDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/**
 * When the board approved the accounts of `year`: 10 to 59 days before they were filed, but after the year ended
 * (accounts filed early in the next year were approved in it), and never after the filing (a record filed on or
 * before the year end, as an operator may store, is approved on its filing day).
 */
function approvalDateOf(filing: MtFiling, year: number): Date {
  const filed = Date.parse(`${filing.date}T00:00:00Z`);
  const dayAfterYearEnd = Date.UTC(year + 1, 0, 1);
  const drawn = filed - (10 + Math.floor(unitOf(`${filing.fileId}:approval`) * 50)) * 86_400_000;
  return new Date(Math.min(filed, Math.max(drawn, dayAfterYearEnd)));
}

/**
 * The primary statements of a set of annual accounts, as the registry's copy prints them: income and financial
 * position with the prior year's comparatives (unless the company was registered during the year), the currency, and
 * the board's approval a few weeks before the filing.
 */
export function accountsSections(r: MtRecord, filing: MtFiling, year: number, people: MtInvolvement[]): AccountsSection[] {
  const capital = Math.round(r.company.issuedCapital ?? 1_200);
  const registered = Number(r.company.registrationDate?.slice(0, 4)) || undefined;
  const years = registered === undefined || registered < year ? [year, year - 1] : [year];
  const lines = years.map((y) => linesOf(figuresOf(r, y), capital, retainedEarningsOf(r, y)));
  const table = (part: 'income' | 'position'): AccountsTable => ({
    note: `Amounts are expressed in ${r.company.currency}`,
    columns: years.map(String),
    rows: lines[0]![part].map(([label, v], i) => (v === undefined ? [label] : [label, ...lines.map((l) => printed(l[part][i]![1]!))])),
  });
  const approved = approvalDateOf(filing, year);
  const director = people.find((p) => p.role === 'Director')?.name;
  return [
    { heading: `Statement of comprehensive income for the year ended 31 December ${year}`, table: table('income') },
    { heading: `Statement of financial position as at 31 December ${year}`, table: table('position') },
    {
      heading: 'Approval',
      paragraphs: [
        `The financial statements were approved by the board of directors on ${longDate(approved)}${director ? ` and signed on its behalf by ${director}, Director` : ''}.`,
      ],
    },
  ];
}
