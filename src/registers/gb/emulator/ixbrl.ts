/**
 * Accounts as a company files them electronically: an inline XBRL (XHTML) document whose figures are tagged with the
 * FRC taxonomy (`core` namespace, FRS 102 or FRS 105), a column for the year and one for the prior year, creditors
 * tagged with their maturity dimension. What the emulator's Document API serves as `application/xhtml+xml`.
 */
export interface AccountsFigures {
  standard: 'FRS 102' | 'FRS 105';
  /** Period end of the year (YYYY-MM-DD); the year runs twelve months to it; the prior year ends a year before. */
  end: string;
  approvedOn: string;
  /** Concept → [year, prior year]; `Creditors@WithinOneYear` tags the dimension member. */
  lines: Record<string, [number, number]>;
}

const LABELS: Record<string, string> = {
  TurnoverRevenue: 'Turnover',
  CostSales: 'Cost of sales',
  GrossProfitLoss: 'Gross profit',
  AdministrativeExpenses: 'Administrative expenses',
  OperatingProfitLoss: 'Operating profit',
  ProfitLossOnOrdinaryActivitiesBeforeTax: 'Profit before taxation',
  TaxTaxCreditOnProfitOrLossOnOrdinaryActivities: 'Tax on profit',
  ProfitLoss: 'Profit for the financial year',
  FixedAssets: 'Fixed assets',
  Stocks: 'Stocks',
  TradeDebtorsTradeReceivables: 'Trade debtors',
  CashBankOnHand: 'Cash at bank and in hand',
  CurrentAssets: 'Current assets',
  'Creditors@WithinOneYear': 'Creditors: amounts falling due within one year',
  'Creditors@AfterOneYear': 'Creditors: amounts falling due after more than one year',
  NetAssetsLiabilities: 'Net assets',
  Equity: 'Total equity',
};
const DURATION = new Set([
  'TurnoverRevenue',
  'CostSales',
  'GrossProfitLoss',
  'AdministrativeExpenses',
  'OperatingProfitLoss',
  'ProfitLossOnOrdinaryActivitiesBeforeTax',
  'TaxTaxCreditOnProfitOrLossOnOrdinaryActivities',
  'ProfitLoss',
]);

const yearBefore = (d: string) => `${Number(d.slice(0, 4)) - 1}${d.slice(4)}`;
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const longDate = (d: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

export function renderIxbrl(name: string, number: string, a: AccountsFigures): string {
  const cy = { end: a.end, start: dayAfter(yearBefore(a.end)) };
  const py = { end: yearBefore(a.end), start: dayAfter(yearBefore(yearBefore(a.end))) };
  const member = (key: string) => key.split('@')[1];
  const contexts: string[] = [];
  const ctxId = (key: string, year: 'cy' | 'py') => {
    const concept = key.split('@')[0]!;
    const kind = DURATION.has(concept) ? 'd' : 'i';
    const id = `${year}${kind}${member(key) ? `-${member(key)}` : ''}`;
    if (!contexts.some((c) => c.includes(`id="${id}"`))) {
      const p = year === 'cy' ? cy : py;
      const period =
        kind === 'd'
          ? `<xbrli:startDate>${p.start}</xbrli:startDate><xbrli:endDate>${p.end}</xbrli:endDate>`
          : `<xbrli:instant>${p.end}</xbrli:instant>`;
      const segment = member(key)
        ? `<xbrli:segment><xbrldi:explicitMember dimension="core:MaturitiesOrExpirationPeriodsDimension">core:${member(key)}</xbrldi:explicitMember></xbrli:segment>`
        : '';
      contexts.push(
        `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.companieshouse.gov.uk/">${number}</xbrli:identifier>${segment}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`,
      );
    }
    return id;
  };
  const cell = (key: string, year: 'cy' | 'py', v: number) =>
    `<td><ix:nonFraction name="core:${key.split('@')[0]}" contextRef="${ctxId(key, year)}" unitRef="GBP" decimals="0" format="ixt:num-dot-decimal"${v < 0 ? ' sign="-"' : ''}>${Math.abs(v).toLocaleString('en-GB')}</ix:nonFraction></td>`;
  const rows = Object.entries(a.lines)
    .map(([key, [c, p]]) => `<tr><td>${esc(LABELS[key] ?? key)}</td>${cell(key, 'cy', c)}${cell(key, 'py', p)}</tr>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:core="http://xbrl.frc.org.uk/fr/2023-01-01/core" xmlns:bus="http://xbrl.frc.org.uk/cd/2023-01-01/business">
<head><title>${esc(name)} - Accounts for the year ended ${longDate(a.end)}</title></head>
<body>
<div style="display:none"><ix:header><ix:resources>
${contexts.join('\n')}
<xbrli:unit id="GBP"><xbrli:measure>iso4217:GBP</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
<h1><ix:nonNumeric name="bus:EntityCurrentLegalOrRegisteredName" contextRef="cyd">${esc(name)}</ix:nonNumeric></h1>
<p>Company number <ix:nonNumeric name="bus:UKCompaniesHouseRegisteredNumber" contextRef="cyd">${number}</ix:nonNumeric></p>
<p>Accounts for the year ended ${longDate(a.end)}, prepared in accordance with ${a.standard}.</p>
<table><tr><th></th><th>${a.end.slice(0, 4)} £</th><th>${py.end.slice(0, 4)} £</th></tr>
${rows}
</table>
<p>Approved by the board on <ix:nonNumeric name="core:DateAuthorisationFinancialStatementsForIssue" contextRef="cyd" format="ixt:date-day-monthname-year-en">${longDate(a.approvedOn)}</ix:nonNumeric>.</p>
</body></html>
`;
}
