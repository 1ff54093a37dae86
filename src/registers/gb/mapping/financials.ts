import { analyseAccounts, periodOf, type FinancialData } from '../../../enrichment/financials/index.ts';
import { accountsFromIxbrl } from './ixbrl.ts';

/**
 * The `extractedFinancialData` and period of accounts filed as iXBRL: the tagged facts of the year and the prior
 * year, analysed as every register's accounts are (ratios from those figures only). Undefined when the document tags
 * none of the figures the table knows.
 */
export function financialDataFromIxbrl(doc: string): { data: FinancialData; period?: ReturnType<typeof periodOf> } | undefined {
  const accounts = accountsFromIxbrl(doc);
  if (!accounts) return undefined;
  const data: FinancialData = {
    fiscalYear: accounts.fiscalYear,
    ...(accounts.approvalDate ? { approvalDate: accounts.approvalDate } : {}),
    ...(accounts.currency ? { currency: accounts.currency } : {}),
    analysis: analyseAccounts(accounts),
    incomeStatement: accounts.current.incomeStatement,
    balanceSheet: accounts.current.balanceSheet,
  };
  const period = periodOf(data);
  return { data, ...(period ? { period } : {}) };
}
