import type { Company, DocumentItem } from '../../contract/index.ts';
import { AS_OF_YEAR } from './generator.ts';
import { rngFor } from './random.ts';

type FinancialData = NonNullable<DocumentItem['extractedFinancialData']>;

function headcount(company: Company): number {
  const e = company.employeeCount;
  if (e?.exact) return e.exact;
  if (e?.min !== undefined && e.max !== undefined) return Math.round((e.min + e.max) / 2);
  return 10;
}

/**
 * The figures of a company's accounts for one year. A company keeps its character from year to year (revenue per
 * head, growth, margins come from the company's own seed); only the year's noise comes from the year's seed. The
 * balance sheet balances: assets = liabilities + equity.
 */
export function financialDataOf(company: Company, year: number): FinancialData {
  const base = rngFor(company.id, 'financials');
  const perHead = base.int(60, 220) * 1000;
  const growth = base.int(-5, 15) / 100;
  const costRatio = 0.45 + base.next() * 0.25;
  const r = rngFor(company.id, `financials:${year}`);
  const round = Math.round;

  const revenue = round(headcount(company) * perHead * (1 + growth) ** (year - (AS_OF_YEAR - 1)) * (0.95 + r.next() * 0.1));
  const costOfSales = round(revenue * costRatio);
  const grossProfit = revenue - costOfSales;
  const operatingExpenses = round(grossProfit * (0.6 + r.next() * 0.45));
  const operatingIncome = grossProfit - operatingExpenses;
  const financeCosts = round(revenue * 0.01 * r.next());
  const profitBeforeTax = operatingIncome - financeCosts;
  const incomeTax = profitBeforeTax > 0 ? round(profitBeforeTax * 0.25) : 0;
  const netIncome = profitBeforeTax - incomeTax;

  const cash = round(revenue * (0.05 + r.next() * 0.15));
  const tradeReceivables = round(revenue * (0.08 + r.next() * 0.12));
  const inventories = round(revenue * r.next() * 0.1);
  const currentAssets = cash + tradeReceivables + inventories;
  const nonCurrentAssets = round(revenue * (0.1 + r.next() * 0.6));
  const totalAssets = currentAssets + nonCurrentAssets;
  const currentLiabilities = round(currentAssets * (0.4 + r.next() * 0.6));
  const nonCurrentLiabilities = round(totalAssets * r.next() * 0.3);
  const totalLiabilities = currentLiabilities + nonCurrentLiabilities;

  return {
    fiscalYear: { year, startDate: `${year}-01-01`, endDate: `${year}-12-31` },
    approvalDate: `${year + 1}-0${r.int(3, 8)}-${String(r.int(1, 28)).padStart(2, '0')}`,
    currency: company.capital?.currency ?? 'GBP',
    incomeStatement: { revenue, costOfSales, grossProfit, operatingExpenses, operatingIncome, financeCosts, profitBeforeTax, incomeTax, netIncome },
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
