import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId } from './ids.ts';

describe('newId', () => {
  it('is the kind, 10 characters of time and 16 random ones, sortable by time', () => {
    const id = newId('req', 1_700_000_000_000);
    assert.match(id, /^req_[0-9a-hjkmnp-tv-z]{26}$/);
    assert.ok(newId('req', 1_700_000_000_000) < newId('req', 1_700_000_000_001));
  });

  it('never repeats the random part, across many refills of the random pool', () => {
    // 20,000 ids draw 200,000 bytes: the 4 KiB pool is refilled about 50 times.
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(newId('evt', 0).slice(-16));
    assert.equal(seen.size, 20_000);
  });

  it('draws every symbol of the alphabet in every random position', () => {
    const ids = Array.from({ length: 4_000 }, () => newId('bev', 0).slice(-16));
    for (let position = 0; position < 16; position++) {
      assert.equal(new Set(ids.map((id) => id[position])).size, 32, `position ${position}`);
    }
  });
});
