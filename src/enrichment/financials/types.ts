/** Line items of one statement by key (`revenue`, `totalAssets`…), in the statement's currency. */
export type LineItems = Record<string, number>;

/** The two primary statements of one year. */
export interface StatementFigures {
  incomeStatement: LineItems;
  balanceSheet: LineItems;
}

/** What was read from a set of accounts: the year's figures and, when printed, the prior year's comparatives. */
export interface ExtractedAccounts {
  fiscalYear: { year: number; startDate?: string; endDate?: string };
  approvalDate?: string;
  currency?: string;
  current: StatementFigures;
  prior?: StatementFigures & { year: number };
}
