import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseAccounts } from './analysis.ts';
import { computeRatios } from './ratios.ts';
import type { ExtractedAccounts } from './types.ts';

const growing: ExtractedAccounts = {
  fiscalYear: { year: 2024, startDate: '2024-01-01', endDate: '2024-12-31' },
  currency: 'EUR',
  current: {
    incomeStatement: { revenue: 2_000_000, costOfSales: 1_100_000, netIncome: 260_000 },
    balanceSheet: {
      inventories: 50_000,
      currentAssets: 900_000,
      currentLiabilities: 400_000,
      totalAssets: 2_000_000,
      totalLiabilities: 700_000,
      equity: 1_300_000,
    },
  },
  prior: {
    year: 2023,
    incomeStatement: { revenue: 1_600_000, costOfSales: 1_100_000, netIncome: 150_000 },
    balanceSheet: { currentAssets: 800_000, equity: 1_100_000 },
  },
};

const insolvent: ExtractedAccounts = {
  fiscalYear: { year: 2024 },
  currency: 'GBP',
  current: {
    incomeStatement: { revenue: 400_000, netIncome: -90_000 },
    balanceSheet: { currentAssets: 50_000, currentLiabilities: 200_000, totalLiabilities: 600_000, equity: -150_000 },
  },
};

describe('financial analysis', () => {
  it('reports the ratios of the figures, one insight per ratio with its value, and a bounded score', () => {
    const a = analyseAccounts(growing);
    assert.deepEqual(a.ratios, computeRatios(growing.current, growing.prior));
    assert.equal(a.insights.length, 6);
    for (const i of a.insights) {
      assert.ok(i.title && i.description && i.recommendation);
      assert.ok(Object.values(a.ratios).includes(i.metric), `${i.title} shows a computed ratio`);
    }
    assert.ok(a.healthScore! >= 70, `score ${a.healthScore}`);
    assert.match(
      a.summary,
      /^Sound financial health \(score \d+\/100\) for the year ended 31 December 2024: revenue €2,000,000 \(\+25\.0% on 2023\)/,
    );
    assert.ok(a.strengths.some((s) => /grew|growth/.test(s)));
    assert.deepEqual(a.concerns, []);
  });

  it('compares every line printed for both years, and only those', () => {
    const { trends } = analyseAccounts(growing);
    assert.equal(trends.comparedWithYear, 2023);
    assert.equal(trends.revenueDirection, 'increasing');
    assert.deepEqual(Object.keys(trends.lines!), ['revenue', 'costOfSales', 'netIncome', 'currentAssets', 'equity']);
    assert.deepEqual(trends.lines!.revenue, { current: 2_000_000, prior: 1_600_000, change: 400_000, changeRatio: 0.25, direction: 'up' });
    assert.deepEqual(trends.lines!.costOfSales, { current: 1_100_000, prior: 1_100_000, change: 0, changeRatio: 0, direction: 'flat' });
    assert.deepEqual(
      analyseAccounts(insolvent).trends,
      { revenueDirection: 'unknown', profitabilityDirection: 'unknown', debtDirection: 'unknown' },
      'no prior year: directions unknown, no lines',
    );
  });

  it('turns negative equity and a loss into concerns, with no invented leverage or return on equity', () => {
    const a = analyseAccounts(insolvent);
    assert.equal(a.ratios.debtToEquity, undefined);
    assert.equal(a.ratios.returnOnEquity, undefined);
    const neg = a.insights.find((i) => i.title === 'Negative equity')!;
    assert.equal(neg.metric, -150_000);
    assert.equal(neg.metricValue, '-£150,000');
    assert.equal(neg.riskLevel, 'critical');
    assert.ok(a.concerns.includes(neg.description));
    assert.ok(a.concerns.some((c) => /loss/.test(c)));
    assert.ok(a.healthScore! < 40, `score ${a.healthScore}`);
    assert.match(a.summary, /^Weak financial health .* for 2024: revenue £400,000 and a net loss of £90,000\.$/);
    assert.match(a.narrativeAnalysis, /Not computed, .*: quick ratio, debt to equity, return on equity, revenue growth\./);
  });

  it('is the same for the same figures', () => {
    assert.deepEqual(analyseAccounts(structuredClone(growing)), analyseAccounts(growing));
  });
});
