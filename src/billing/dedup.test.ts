import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chargedWithin, includingCharge, withinWindow, type KnownEvent } from './dedup.ts';

const H = 3_600_000;

describe('deduplication windows', () => {
  it('are measured both ways between request times, end excluded', () => {
    assert.equal(withinWindow(0, 24 * H - 1, 24 * H), true);
    assert.equal(withinWindow(0, 24 * H, 24 * H), false);
    assert.equal(withinWindow(10 * H, 0, 24 * H), true, 'a charge of a request created just after still counts');
  });

  it('find the charge of the same unit only', () => {
    const events: KnownEvent[] = [
      { id: 'a', unitKey: 'P', status: 'deduplicated', linkedEventId: 'b', basisMs: 0 },
      { id: 'b', unitKey: 'P', status: 'charged', linkedEventId: null, basisMs: 0 },
      { id: 'c', unitKey: 'Q', status: 'charged', linkedEventId: null, basisMs: 0 },
    ];
    assert.equal(chargedWithin(events, 'P', H, 24 * H)?.id, 'b');
    assert.equal(chargedWithin(events, 'R', H, 24 * H), undefined);
  });

  it('include a document through a deduplicated block by linking the charge behind it', () => {
    const catalogue = { blocks: [{ sku: 'P', includedDocuments: ['extract'], dedupWindow: 24 * H }] } as never;
    const events: KnownEvent[] = [{ id: 'd', unitKey: 'P', status: 'deduplicated', linkedEventId: 'charge', basisMs: 0 }];
    assert.equal(includingCharge(events, catalogue, 'extract', H), 'charge');
    assert.equal(includingCharge(events, catalogue, 'articles', H), undefined);
    assert.equal(includingCharge(events, catalogue, 'extract', 25 * H), undefined);
  });
});
