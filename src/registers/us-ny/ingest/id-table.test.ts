import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IdTable } from './id-table.ts';

describe('IdTable', () => {
  it('holds ids and their counts through growth, as a Map would', () => {
    const table = new IdTable(4);
    const model = new Map<number, number>();
    // Consecutive ids, scattered ones, 0 and the largest ingestible id, some set twice.
    const ids = [
      0,
      999_999_999,
      ...Array.from({ length: 50_000 }, (_, i) => 1_000_000 + i),
      ...Array.from({ length: 20_000 }, (_, i) => (i * 7_919_993) % 999_999_937),
    ];
    for (const [i, id] of ids.entries()) {
      table.set(id, i % 200);
      model.set(id, i % 200);
    }
    assert.equal(table.size, model.size);
    for (const [id, count] of model) assert.equal(table.get(id), count, `id ${id}`);
    for (const absent of [1, 999_999_998, 2_000_000, 123]) assert.equal(table.get(absent), model.has(absent) ? model.get(absent) : -1);
    assert.equal(table.has(999_999_999), true);
  });
});
