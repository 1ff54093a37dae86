import type { Company } from '../../contract/index.ts';
import { AS_OF_YEAR } from './generator.ts';
import { rngFor } from './random.ts';

/** A company's accounts for one year, as the TEST register prints them in its financial statements. */
export interface GeneratedAccounts {
  year: number;
  approvalDate: string;
  currency: string;
  incomeStatement: Record<string, number>;
  balanceSheet: Record<string, number>;
}

function headcount(company: Company): number {
  const e = company.employeeCount;
  if (e?.exact) return e.exact;
  if (e?.min !== undefined && e.max !== undefined) return Math.round((e.min + e.max) / 2);
  return 10;
}

/**
 * When the board approved the accounts of a year: March to August of the next year, never after the company closed
 * (a closed company's last accounts are approved by its closure date at the latest). The list of documents files them
 * on or after this date (document-list.ts), so the statements never say they were approved after they were filed.
 */
export function approvalDateOf(companyId: string, year: number, closureDate?: string): string {
  const r = rngFor(companyId, `approval:${year}`);
  const date = `${year + 1}-0${r.int(3, 8)}-${String(r.int(1, 28)).padStart(2, '0')}`;
  return closureDate && closureDate < date ? closureDate : date;
}

/**
 * The figures of a company's accounts for one year. A company keeps its character from year to year (revenue per
 * head, growth, margins come from the company's own seed); only the year's noise comes from the year's seed. The
 * balance sheet balances: assets = liabilities + equity. These are what the statements print; the document's
 * `extractedFinancialData` is read back from the printed PDF, never taken from here.
 */
export function accountsOf(company: Company, year: number): GeneratedAccounts {
  const base = rngFor(company.id, 'financials');
  const perHead = base.int(60, 220) * 1000;
  const growth = base.int(-5, 15) / 100;
  const costRatio = 0.45 + base.next() * 0.25;
  const r = rngFor(company.id, `financials:${year}`);
  const round = Math.round;
  // A proportion between lo and hi: the company's own level, moved a little each year (so trends stay plausible).
  const share = (lo: number, hi: number, level = base.next()) => lo + (hi - lo) * Math.min(1, Math.max(0, level + (r.next() - 0.5) * 0.2));

  const revenue = round(headcount(company) * perHead * (1 + growth) ** (year - (AS_OF_YEAR - 1)) * (0.95 + r.next() * 0.1));
  const costOfSales = round(revenue * costRatio);
  const grossProfit = revenue - costOfSales;
  const operatingExpenses = round(grossProfit * share(0.6, 1.05));
  const operatingIncome = grossProfit - operatingExpenses;
  const financeCosts = round(revenue * share(0, 0.01));
  const profitBeforeTax = operatingIncome - financeCosts;
  const incomeTax = profitBeforeTax > 0 ? round(profitBeforeTax * 0.25) : 0;
  const netIncome = profitBeforeTax - incomeTax;

  const cash = round(revenue * share(0.05, 0.2));
  const tradeReceivables = round(revenue * share(0.08, 0.2));
  const inventories = round(revenue * share(0, 0.1));
  const currentAssets = cash + tradeReceivables + inventories;
  const nonCurrentAssets = round(revenue * share(0.1, 0.7));
  const totalAssets = currentAssets + nonCurrentAssets;
  const currentLiabilities = round(currentAssets * share(0.4, 1));
  const nonCurrentLiabilities = round(totalAssets * share(0, 0.3));
  const totalLiabilities = currentLiabilities + nonCurrentLiabilities;

  return {
    year,
    approvalDate: approvalDateOf(company.id, year, company.status?.statusDetails?.closureDate),
    currency: company.capital?.currency ?? 'GBP',
    incomeStatement: {
      revenue,
      costOfSales,
      grossProfit,
      operatingExpenses,
      operatingIncome,
      financeCosts,
      profitBeforeTax,
      incomeTax,
      netIncome,
    },
    balanceSheet: {
      cash,
      tradeReceivables,
      inventories,
      currentAssets,
      nonCurrentAssets,
      totalAssets,
      currentLiabilities,
      nonCurrentLiabilities,
      totalLiabilities,
      equity: totalAssets - totalLiabilities,
    },
  };
}
