import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JeRecordSchema } from '../record.ts';
import type { RegistryEntity } from './directory.ts';
import { nameScore, PAGE_SIZE, searchNames } from './search.ts';

const entity = (number: string, name: string, previous: string[] = []): RegistryEntity => ({
  number,
  record: JeRecordSchema.parse({
    entity: {
      name,
      type: 'Registered Company Private',
      status: 'Active',
      registeredOn: '01/01/2020',
      previousNames: previous.map((p) => ({ name: p })),
    },
  }),
});

describe('JE registry name search (emulator)', () => {
  it('matches words in any order, word starts, accents and small typos; not unrelated names', () => {
    assert.equal(nameScore('Harbour View Holdings Limited', 'Harbour View Holdings Limited'), 1);
    assert.ok(nameScore('holdings harbour', 'Harbour View Holdings Limited') > 0.5);
    assert.ok(nameScore('harb vie', 'Harbour View Holdings Limited') > 0.5);
    assert.ok(nameScore('greve de lecq', 'Grève de Lecq SLP') > 0.5);
    assert.ok(nameScore('harbur view', 'Harbour View Holdings Limited') > 0);
    assert.equal(nameScore('zebra', 'Harbour View Holdings Limited'), 0);
    assert.ok(nameScore('Limited', 'Gorey Capital Limited') > 0, 'a query of legal words only still matches them');
  });

  it('finds former names, marks them, and ranks current names first on a tie', () => {
    const all = [
      entity('1001', 'Castle Estates Limited', ['Harbour Estates Limited']),
      entity('1002', 'Harbour Estates Limited'),
      entity('1003', 'Unrelated Limited'),
    ];
    const { total, hits } = searchNames('harbour estates limited', all);
    assert.equal(total, 2);
    assert.deepEqual(
      hits.map((h) => [h.entity.number, h.previousName]),
      [
        ['1002', undefined],
        ['1001', 'Harbour Estates Limited'],
      ],
    );
  });

  it(`pages by ${PAGE_SIZE}`, () => {
    const many = Array.from({ length: 230 }, (_, i) => entity(String(10000 + i), `Harbour Trading ${i} Limited`));
    const first = searchNames('harbour', many);
    assert.equal(first.total, 230);
    assert.equal(first.hits.length, PAGE_SIZE);
    assert.equal(searchNames('harbour', many, 3).hits.length, 30);
  });
});
