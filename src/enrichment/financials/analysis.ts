import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LINE_KEYS, LINE_NAMES } from './labels.ts';
import { computeRatios, healthScore, type RatioName, type Ratios } from './ratios.ts';
import type { ExtractedAccounts, LineItems } from './types.ts';

const Level = z.enum(['weak', 'adequate', 'strong']);
const Text = z.object({ title: z.string(), description: z.string(), recommendation: z.string() });
const InsightRules = z.object({
  ratios: z.record(
    z.enum(['currentRatio', 'quickRatio', 'debtToEquity', 'netProfitMargin', 'returnOnEquity', 'revenueGrowth']),
    z.object({
      title: z.string(),
      format: z.enum(['times', 'percent', 'signedPercent']),
      bands: z.array(z.object({ below: z.number().optional(), level: Level, description: z.string(), recommendation: z.string() })).min(1),
    }),
  ),
  negativeEquity: Text,
});
const RULES = InsightRules.parse(JSON.parse(readFileSync(new URL('./insights.json', import.meta.url), 'utf8')));

type Risk = 'low' | 'medium' | 'high' | 'critical';

export interface Insight {
  /** The incumbent's category and risk level of the insight. */
  category: 'liquidity' | 'profitability' | 'solvency' | 'growth';
  title: string;
  description: string;
  riskLevel: Risk;
  /** The figure as shown (1.85x, 8.3%, -£12,000): the incumbent's string. */
  metricValue: string;
  /** The same figure as a number. */
  metric: number;
  recommendation: string;
}

/** Each ratio's category among the incumbent's (FinancialInsightDTO). */
const CATEGORY: Record<RatioName, Insight['category']> = {
  currentRatio: 'liquidity',
  quickRatio: 'liquidity',
  debtToEquity: 'solvency',
  netProfitMargin: 'profitability',
  returnOnEquity: 'profitability',
  revenueGrowth: 'growth',
};
const RISK_OF_BAND: Record<string, Risk> = { strong: 'low', adequate: 'medium', weak: 'high' };

/** One line item in the year and the prior year. `changeRatio` is the change over |prior| (omitted when prior is 0). */
export interface LineTrend {
  current: number;
  prior: number;
  change: number;
  changeRatio?: number;
  direction: 'up' | 'down' | 'flat';
}

export interface Trends {
  /** The incumbent's directions, from revenue, net income and total liabilities; `unknown` without a prior year. */
  revenueDirection: 'increasing' | 'stable' | 'decreasing' | 'unknown';
  profitabilityDirection: 'improving' | 'stable' | 'declining' | 'unknown';
  debtDirection: 'decreasing' | 'stable' | 'increasing' | 'unknown';
  comparedWithYear?: number;
  lines?: Record<string, LineTrend>;
}

export interface FinancialAnalysis {
  summary: string;
  narrativeAnalysis: string;
  healthScore?: number;
  ratios: Ratios;
  /** The incumbent's overall risk: from the health score's band, `medium` when there is no score. */
  overallRisk: Risk;
  insights: Insight[];
  strengths: string[];
  concerns: string[];
  trends: Trends;
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

function money(amount: number, currency: string | undefined): string {
  if (currency) {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
    } catch {
      // not an ISO code: fall through to the plain number
    }
  }
  const n = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(amount);
  return currency ? `${n} ${currency}` : n;
}

const percent = (v: number, signed = false) =>
  new Intl.NumberFormat('en-GB', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(v);

function shown(v: number, format: 'times' | 'percent' | 'signedPercent'): string {
  return format === 'times' ? `${v.toFixed(2)}x` : percent(v, format === 'signedPercent');
}

/** Current against prior for every line printed in both years, statement order. */
function trendsOf(accounts: ExtractedAccounts): { comparedWithYear: number; lines: Record<string, LineTrend> } | undefined {
  const { prior } = accounts;
  if (!prior) return undefined;
  const lines: Record<string, LineTrend> = {};
  for (const statement of ['incomeStatement', 'balanceSheet'] as const) {
    const cur: LineItems = accounts.current[statement];
    for (const key of LINE_KEYS[statement]) {
      const c = cur[key];
      const p = prior[statement][key];
      if (c === undefined || p === undefined) continue;
      const change = round(c - p, 2);
      lines[key] = {
        current: c,
        prior: p,
        change,
        ...(p !== 0 ? { changeRatio: round(change / Math.abs(p), 4) } : {}),
        direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
      };
    }
  }
  return Object.keys(lines).length ? { comparedWithYear: prior.year, lines } : undefined;
}

const ratingOf = (score: number) => (score >= 70 ? 'Sound' : score >= 40 ? 'Mixed' : 'Weak');

/** "total assets" from "totalAssets"; ratio names ("quickRatio") in words too. */
const words = (key: string) => LINE_NAMES.get(key) ?? key.replace(/([A-Z])/g, ' $1').toLowerCase();

/** "31 December 2024" from "2024-12-31". */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/**
 * The analysis of a set of accounts, from its figures only and always the same for the same figures: ratios
 * (`ratios.ts`), the health score, one insight per ratio by the bands of `insights.json` (plus negative equity), the
 * strong bands as strengths and the weak ones as concerns, the year-on-year trend of every line printed for both
 * years, a one-sentence summary and a short narrative.
 */
export function analyseAccounts(accounts: ExtractedAccounts): FinancialAnalysis {
  const { current, prior, currency } = accounts;
  const is = current.incomeStatement;
  const bs = current.balanceSheet;
  const ratios = computeRatios(current, prior);
  const score = healthScore(ratios, bs.equity);

  const insights: Insight[] = [];
  const strengths: string[] = [];
  const concerns: string[] = [];
  for (const [name, rule] of Object.entries(RULES.ratios) as [RatioName, (typeof RULES.ratios)[RatioName]][]) {
    const value = ratios[name];
    if (value === undefined || !rule) continue;
    const band = rule.bands.find((b) => b.below === undefined || value < b.below)!;
    const description = band.description.replace('{value}', shown(value, rule.format));
    insights.push({
      category: CATEGORY[name],
      title: rule.title,
      description,
      riskLevel: RISK_OF_BAND[band.level] ?? 'medium',
      metricValue: shown(value, rule.format),
      metric: value,
      recommendation: band.recommendation,
    });
    if (band.level === 'strong') strengths.push(description);
    if (band.level === 'weak') concerns.push(description);
  }
  if (bs.equity !== undefined && bs.equity <= 0) {
    const t = RULES.negativeEquity;
    const description = t.description.replace('{value}', money(bs.equity, currency));
    insights.push({
      category: 'solvency',
      title: t.title,
      description,
      riskLevel: 'critical',
      metricValue: money(bs.equity, currency),
      metric: bs.equity,
      recommendation: t.recommendation,
    });
    concerns.push(description);
  }

  const lines = trendsOf(accounts);
  const dir = <T extends string>(key: string, up: T, down: T): T | 'stable' | 'unknown' => {
    const d = lines?.lines?.[key]?.direction;
    return d === 'up' ? up : d === 'down' ? down : d === 'flat' ? 'stable' : 'unknown';
  };
  const trends: Trends = {
    revenueDirection: dir('revenue', 'increasing', 'decreasing'),
    profitabilityDirection: dir('netIncome', 'improving', 'declining'),
    debtDirection: dir('totalLiabilities', 'increasing', 'decreasing'),
    ...(lines ?? {}),
  };
  const year = accounts.fiscalYear.endDate ? `the year ended ${longDate(accounts.fiscalYear.endDate)}` : String(accounts.fiscalYear.year);
  const growth = ratios.revenueGrowth !== undefined ? ` (${percent(ratios.revenueGrowth, true)} on ${prior!.year})` : '';
  const result =
    is.netIncome === undefined
      ? undefined
      : is.netIncome < 0
        ? `a net loss of ${money(-is.netIncome, currency)}`
        : `a net profit of ${money(is.netIncome, currency)}`;
  const facts = [is.revenue !== undefined ? `revenue ${money(is.revenue, currency)}${growth}` : undefined, result]
    .filter(Boolean)
    .join(' and ');
  const summary = `${score !== undefined ? `${ratingOf(score)} financial health (score ${score}/100)` : 'Financial health not scored (too few figures)'} for ${year}${facts ? `: ${facts}` : ''}.`;

  const narrative: string[] = [];
  if (facts)
    narrative.push(
      `For ${year} the company reported ${facts}${ratios.netProfitMargin !== undefined ? `, a net margin of ${percent(ratios.netProfitMargin)}` : ''}.`,
    );
  if (bs.totalAssets !== undefined)
    narrative.push(
      `Total assets were ${money(bs.totalAssets, currency)}${bs.equity !== undefined ? ` and equity ${money(bs.equity, currency)}` : ''}.`,
    );
  for (const i of insights.filter((i) => i.title !== RULES.ratios.netProfitMargin?.title && i.title !== RULES.ratios.revenueGrowth?.title))
    narrative.push(i.description);
  const moves = Object.entries(lines?.lines ?? {})
    .filter(([, t]) => t.changeRatio !== undefined)
    .sort(([ka, a], [kb, b]) => Math.abs(b.changeRatio!) - Math.abs(a.changeRatio!) || ka.localeCompare(kb))
    .slice(0, 2)
    .map(([key, t]) => `${words(key)} ${percent(t.changeRatio!, true)}`);
  if (moves.length) narrative.push(`The largest changes on ${lines!.comparedWithYear}: ${moves.join(', ')}.`);
  const missing = (Object.keys(RULES.ratios) as RatioName[]).filter((r) => ratios[r] === undefined).map(words);
  if (missing.length) narrative.push(`Not computed, for want of a printed figure or a positive denominator: ${missing.join(', ')}.`);
  if (score !== undefined) narrative.push(`Health score ${score}/100 (${ratingOf(score).toLowerCase()}).`);

  return {
    summary,
    narrativeAnalysis: narrative.join(' '),
    ...(score !== undefined ? { healthScore: score } : {}),
    overallRisk: score === undefined ? 'medium' : score >= 70 ? 'low' : score >= 50 ? 'medium' : score >= 30 ? 'high' : 'critical',
    ratios,
    insights,
    strengths,
    concerns,
    trends,
  };
}
