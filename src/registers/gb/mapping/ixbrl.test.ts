import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderIxbrl } from '../emulator/ixbrl.ts';
import { financialDataFromIxbrl } from './financials.ts';

describe('GB iXBRL accounts', () => {
  it('reads a micro-entity (FRS 105) set: both years, creditors by maturity, a loss, the approval date', () => {
    const doc = renderIxbrl('PENNY LANE BAKERY LTD', '10234567', {
      standard: 'FRS 105',
      end: '2024-12-31',
      approvedOn: '2025-08-04',
      lines: {
        TurnoverRevenue: [312_400, 287_900],
        ProfitLoss: [-8_150, 14_320],
        CurrentAssets: [38_650, 52_100],
        'Creditors@WithinOneYear': [-29_300, -31_450],
        Equity: [32_550, 42_450],
      },
    });
    const r = financialDataFromIxbrl(doc)!;
    assert.deepEqual(r.data.fiscalYear, { year: 2024, startDate: '2024-01-01', endDate: '2024-12-31' });
    assert.equal(r.data.approvalDate, '2025-08-04');
    assert.equal(r.data.currency, 'GBP');
    assert.deepEqual(r.data.incomeStatement, { revenue: 312_400, netIncome: -8_150 });
    assert.deepEqual(r.data.balanceSheet, { currentAssets: 38_650, currentLiabilities: 29_300, equity: 32_550 });
    const ratios = r.data.analysis!.ratios!;
    assert.equal(ratios.currentRatio, 1.32);
    assert.equal(ratios.netProfitMargin, -0.0261);
    assert.equal(ratios.revenueGrowth, 0.0851);
    assert.equal(ratios.debtToEquity, undefined, 'total liabilities are not tagged: not derived');
    assert.deepEqual(r.period, { startDate: { year: 2024, month: 1, day: 1 }, endDate: { year: 2024, month: 12, day: 31 } });
  });

  it('skips facts of other dimensions and reads scaled, comma-decimal and dash values', () => {
    const doc = `<html><xbrli:context id="c"><xbrli:entity><xbrli:identifier>1</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>2023-04-01</xbrli:startDate><xbrli:endDate>2024-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<xbrli:context id="s"><xbrli:entity><xbrli:segment><xbrldi:explicitMember dimension="core:SegmentsDimension">core:Segment1</xbrldi:explicitMember></xbrli:segment></xbrli:entity><xbrli:period><xbrli:startDate>2023-04-01</xbrli:startDate><xbrli:endDate>2024-03-31</xbrli:endDate></xbrli:period></xbrli:context>
<ix:nonFraction name="core:TurnoverRevenue" contextRef="s" unitRef="GBP" scale="0">999</ix:nonFraction>
<ix:nonFraction name="uk-gaap:TurnoverRevenue" contextRef="c" unitRef="GBP" scale="3" format="ixt:num-comma-decimal">1.250,5</ix:nonFraction>
<ix:nonFraction name="core:ProfitLoss" contextRef="c" unitRef="GBP" format="ixt:fixed-zero">-</ix:nonFraction></html>`;
    const r = financialDataFromIxbrl(doc)!;
    assert.deepEqual(r.data.incomeStatement, { revenue: 1_250_500, netIncome: 0 });
    assert.deepEqual(r.data.fiscalYear, { year: 2024, startDate: '2023-04-01', endDate: '2024-03-31' });
    assert.equal(financialDataFromIxbrl('<html><p>no facts</p></html>'), undefined);
  });
});
