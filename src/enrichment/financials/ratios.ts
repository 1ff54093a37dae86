import type { StatementFigures } from './types.ts';

export interface Ratios {
  currentRatio?: number;
  quickRatio?: number;
  debtToEquity?: number;
  netProfitMargin?: number;
  returnOnEquity?: number;
  revenueGrowth?: number;
}
export type RatioName = keyof Ratios;

/** Times-cover ratios to two decimals (1.85); fractions (margins, returns, growth) to four (0.0834 = 8.34 %). */
const round = (v: number, places: number) => {
  const r = Math.round(v * 10 ** places) / 10 ** places;
  return Object.is(r, -0) ? 0 : r;
};

/** `a / b`, or undefined when an input is missing or the denominator is not positive (the ratio would mislead). */
const over = (a: number | undefined, b: number | undefined, places: number) =>
  a === undefined || b === undefined || !(b > 0) ? undefined : round(a / b, places);

/**
 * The ratios of a year's figures, computed only from figures the statement printed (nothing derived or assumed):
 * - currentRatio = currentAssets / currentLiabilities
 * - quickRatio = (currentAssets − inventories) / currentLiabilities (omitted when inventories are not printed)
 * - debtToEquity = totalLiabilities / equity
 * - netProfitMargin = netIncome / revenue
 * - returnOnEquity = netIncome / equity
 * - revenueGrowth = (revenue − prior revenue) / prior revenue
 * A ratio is omitted when an input is missing or its denominator is zero or negative (negative equity, no revenue).
 */
export function computeRatios(current: StatementFigures, prior?: StatementFigures): Ratios {
  const is = current.incomeStatement;
  const bs = current.balanceSheet;
  const priorRevenue = prior?.incomeStatement.revenue;
  const quickAssets = bs.currentAssets !== undefined && bs.inventories !== undefined ? bs.currentAssets - bs.inventories : undefined;
  const ratios: Ratios = {
    currentRatio: over(bs.currentAssets, bs.currentLiabilities, 2),
    quickRatio: over(quickAssets, bs.currentLiabilities, 2),
    debtToEquity: over(bs.totalLiabilities, bs.equity, 2),
    netProfitMargin: over(is.netIncome, is.revenue, 4),
    returnOnEquity: over(is.netIncome, bs.equity, 4),
    revenueGrowth: is.revenue === undefined ? undefined : over(is.revenue - (priorRevenue ?? NaN), priorRevenue, 4),
  };
  return Object.fromEntries(Object.entries(ratios).filter(([, v]) => v !== undefined && Number.isFinite(v))) as Ratios;
}

/**
 * The health score's parts: each maps one ratio linearly from its `worst` value (0) to its `best` (1), clamped, and
 * weighs it. Leverage runs the other way (lower debt to equity is better); negative or zero equity scores 0 on it.
 */
export const HEALTH_COMPONENTS = [
  { ratio: 'currentRatio', weight: 25, worst: 0.5, best: 2 },
  { ratio: 'quickRatio', weight: 10, worst: 0.3, best: 1.5 },
  { ratio: 'debtToEquity', weight: 25, worst: 3, best: 0.5 },
  { ratio: 'netProfitMargin', weight: 25, worst: -0.05, best: 0.15 },
  { ratio: 'revenueGrowth', weight: 15, worst: -0.1, best: 0.1 },
] as const satisfies readonly { ratio: RatioName; weight: number; worst: number; best: number }[];

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * healthScore = round(100 × Σ weight × part / Σ weight) over the parts whose ratio is known, where
 * part = clamp((ratio − worst) / (best − worst), 0, 1) (README.md has the table). Parts without a ratio are left
 * out and the weights of the others renormalised; with equity printed as zero or negative, the leverage part counts
 * as 0. Undefined when no part is known. Always 0 to 100; never lower when a ratio improves.
 */
export function healthScore(ratios: Ratios, equity?: number): number | undefined {
  let weighed = 0;
  let weights = 0;
  for (const c of HEALTH_COMPONENTS) {
    const value = ratios[c.ratio];
    let part: number | undefined;
    if (value !== undefined) part = clamp01((value - c.worst) / (c.best - c.worst));
    else if (c.ratio === 'debtToEquity' && equity !== undefined && equity <= 0) part = 0;
    if (part === undefined) continue;
    weighed += c.weight * part;
    weights += c.weight;
  }
  return weights === 0 ? undefined : Math.round((100 * weighed) / weights);
}
