import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computeRatios, HEALTH_COMPONENTS, healthScore, type Ratios } from './ratios.ts';
import type { StatementFigures } from './types.ts';

const r2 = (v: number) => Math.round(v * 100) / 100;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** Fixtures: the figures of one year, and the prior year's where the statement printed it. */
const healthy: StatementFigures = {
  incomeStatement: { revenue: 1_250_000, costOfSales: 700_000, grossProfit: 550_000, netIncome: 96_400 },
  balanceSheet: {
    inventories: 80_000,
    currentAssets: 410_000,
    currentLiabilities: 205_000,
    totalLiabilities: 390_000,
    equity: 610_000,
    totalAssets: 1_000_000,
  },
};
const healthyPrior: StatementFigures = { incomeStatement: { revenue: 1_100_000, netIncome: 70_000 }, balanceSheet: { equity: 540_000 } };
const negativeEquity: StatementFigures = {
  incomeStatement: { revenue: 300_000, netIncome: -45_000 },
  balanceSheet: { inventories: 10_000, currentAssets: 60_000, currentLiabilities: 150_000, totalLiabilities: 420_000, equity: -120_000 },
};
const zeroEquity: StatementFigures = {
  incomeStatement: { revenue: 500_000, netIncome: 1_000 },
  balanceSheet: { currentAssets: 90_000, currentLiabilities: 0, totalLiabilities: 200_000, equity: 0 },
};
const noInventories: StatementFigures = {
  incomeStatement: { revenue: 80_000, netIncome: 12_345 },
  balanceSheet: { currentAssets: 40_000, currentLiabilities: 30_000, totalLiabilities: 30_000, equity: 55_000 },
};

describe('financial ratios', () => {
  it('equal their formulas over the figures, rounded (two decimals for cover ratios, four for fractions)', () => {
    const bs = healthy.balanceSheet;
    const is = healthy.incomeStatement;
    assert.deepEqual(computeRatios(healthy, healthyPrior), {
      currentRatio: r2(bs.currentAssets! / bs.currentLiabilities!),
      quickRatio: r2((bs.currentAssets! - bs.inventories!) / bs.currentLiabilities!),
      debtToEquity: r2(bs.totalLiabilities! / bs.equity!),
      netProfitMargin: r4(is.netIncome! / is.revenue!),
      returnOnEquity: r4(is.netIncome! / bs.equity!),
      revenueGrowth: r4((is.revenue! - healthyPrior.incomeStatement.revenue!) / healthyPrior.incomeStatement.revenue!),
    });
    assert.deepEqual(computeRatios(healthy, healthyPrior), {
      currentRatio: 2,
      quickRatio: 1.61,
      debtToEquity: 0.64,
      netProfitMargin: 0.0771,
      returnOnEquity: 0.158,
      revenueGrowth: 0.1364,
    });
  });

  it('omit debt to equity and return on equity when equity is negative or zero, never inventing them', () => {
    const neg = computeRatios(negativeEquity);
    assert.deepEqual(neg, { currentRatio: 0.4, quickRatio: 0.33, netProfitMargin: -0.15 });
    const zero = computeRatios(zeroEquity);
    assert.deepEqual(zero, { netProfitMargin: 0.002 }, 'no current liabilities and no equity: nothing to divide by');
  });

  it('omit revenue growth without a prior year, and the quick ratio without printed inventories', () => {
    const ratios = computeRatios(noInventories);
    assert.equal(ratios.revenueGrowth, undefined);
    assert.equal(ratios.quickRatio, undefined);
    assert.equal(ratios.currentRatio, r2(40_000 / 30_000));
    assert.equal(ratios.netProfitMargin, r4(12_345 / 80_000));
    assert.equal(
      computeRatios(noInventories, { incomeStatement: { revenue: 0 }, balanceSheet: {} }).revenueGrowth,
      undefined,
      'prior revenue 0',
    );
    assert.equal(
      computeRatios(noInventories, { incomeStatement: {}, balanceSheet: { equity: 1 } }).revenueGrowth,
      undefined,
      'prior revenue not printed',
    );
  });

  it('compute nothing from nothing', () => {
    assert.deepEqual(computeRatios({ incomeStatement: {}, balanceSheet: {} }), {});
    assert.equal(healthScore({}), undefined);
  });
});

describe('health score', () => {
  const ratioNames = HEALTH_COMPONENTS.map((c) => c.ratio);
  const grid = [-5, -1, -0.2, -0.05, 0, 0.05, 0.1, 0.3, 0.5, 0.8, 1, 1.5, 2, 3, 10];

  it('is an integer from 0 to 100 for any ratios, extreme ones included', () => {
    const all = (v: number): Ratios => Object.fromEntries(ratioNames.map((n) => [n, v]));
    for (const v of grid) {
      const score = healthScore(all(v))!;
      assert.ok(Number.isInteger(score) && score >= 0 && score <= 100, `${v}: ${score}`);
    }
    const best: Ratios = { currentRatio: 5, quickRatio: 5, debtToEquity: 0, netProfitMargin: 0.5, revenueGrowth: 1 };
    const worst: Ratios = { currentRatio: 0, quickRatio: 0, debtToEquity: 50, netProfitMargin: -1, revenueGrowth: -1 };
    assert.equal(healthScore(best), 100);
    assert.equal(healthScore(worst), 0);
  });

  it('never falls when one ratio improves, the others fixed (lower debt to equity is better)', () => {
    const base: Ratios = { currentRatio: 1.2, quickRatio: 0.9, debtToEquity: 1.5, netProfitMargin: 0.04, revenueGrowth: 0.02 };
    for (const c of HEALTH_COMPONENTS) {
      const better = c.best > c.worst ? 1 : -1;
      const values = [...grid].sort((a, b) => (a - b) * better); // worst to best
      let previous = -1;
      for (const v of values) {
        const score = healthScore({ ...base, [c.ratio]: v })!;
        assert.ok(score >= previous, `${c.ratio} = ${v}: ${score} < ${previous}`);
        previous = score;
      }
    }
  });

  it('follows the documented formula, leaving out unknown parts and scoring negative equity 0 on leverage', () => {
    const ratios: Ratios = { currentRatio: 1.25, debtToEquity: 1.75, netProfitMargin: 0.05 };
    // liquidity (1.25 − 0.5) / 1.5 = 0.5; leverage (3 − 1.75) / 2.5 = 0.5; profitability 0.1 / 0.2 = 0.5
    assert.equal(healthScore(ratios), 50);
    assert.equal(healthScore({ currentRatio: 2 }), 100, 'one part known: it alone decides');
    const neg = computeRatios(negativeEquity);
    // liquidity 0, quick 0.03 / 1.2 = 0.025, leverage 0 (equity negative), profitability 0: 100 × 10 × 0.025 / 85
    assert.equal(healthScore(neg, negativeEquity.balanceSheet.equity), Math.round((100 * 10 * 0.025) / 85));
    assert.equal(healthScore({ currentRatio: 2, netProfitMargin: 0.15 }), 100, 'leverage unknown: left out');
    assert.equal(healthScore({ currentRatio: 2, netProfitMargin: 0.15 }, -1), 67, 'negative equity known: leverage counts 0');
  });
});
