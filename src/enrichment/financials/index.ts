import type { DocumentItem } from '../../contract/index.ts';
import { analyseAccounts } from './analysis.ts';
import { extractAccounts } from './extract.ts';

export { accountsFromLines, extractAccounts } from './extract.ts';
export { analyseAccounts } from './analysis.ts';
export { computeRatios, healthScore, HEALTH_COMPONENTS } from './ratios.ts';
export type { ExtractedAccounts, StatementFigures } from './types.ts';

export type FinancialData = NonNullable<DocumentItem['extractedFinancialData']>;
type Period = NonNullable<DocumentItem['period']>;

/**
 * The `extractedFinancialData` of a financial statement, read from the document's own bytes (never from the record
 * the document was made from): the figures the PDF prints and the analysis computed from them. Undefined when the
 * PDF cannot be read as accounts; the document is then delivered without it.
 */
export async function financialDataFromPdf(pdf: Uint8Array): Promise<FinancialData | undefined> {
  const accounts = await extractAccounts(pdf);
  if (!accounts) return undefined;
  return {
    fiscalYear: accounts.fiscalYear,
    ...(accounts.approvalDate ? { approvalDate: accounts.approvalDate } : {}),
    ...(accounts.currency ? { currency: accounts.currency } : {}),
    analysis: analyseAccounts(accounts),
    incomeStatement: accounts.current.incomeStatement,
    balanceSheet: accounts.current.balanceSheet,
  };
}

/** The document period of extracted accounts, when the statement named the dates of its year. */
export function periodOf(data: FinancialData): Period | undefined {
  const { startDate, endDate } = data.fiscalYear ?? {};
  if (!startDate || !endDate) return undefined;
  const ymd = (d: string) => ({ year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)), day: Number(d.slice(8, 10)) });
  return { startDate: ymd(startDate), endDate: ymd(endDate) };
}
