import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeAltNames, type IndexedEntity, type IndexRules, NameIndex } from './index.ts';
import { PREFIX_EXPANSION } from './ranking.ts';

// A register of its own for the kit: legal forms and articles as stopwords, ids that are numbers.
const rules: IndexRules = { stopwords: new Set(['limited', 'ltd', 'plc', 'and', 'the']), idNumber: Number };
let next = 1000;
const company = (name: string, former: string[] = []): IndexedEntity => ({
  id: String(next++),
  name,
  fields: [],
  altNames: encodeAltNames(former.map((n) => ({ kind: 'former', name: n }))),
});
const copies = (n: number, name: string) => Array.from({ length: n }, () => company(name));

// A crowd of made-up words that start alike, as a register's coined names do ("QUAQUA", "QUAQUINNOV"…): more
// completions of "quaqu" than any short list of the commonest would keep.
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zi', 'bex', 'dor', 'fen'];
const crowd: IndexedEntity[] = [];
for (const a of SYLLABLES)
  for (const b of SYLLABLES) {
    crowd.push(...copies(3, `QUAQU${a}${b} LIMITED`), company(`VALLEY ${a}${b} LIMITED`));
    crowd.push(company(`${a}${b} TRADING LIMITED`), company(`APOLLO ${a}${b}MED LTD`));
  }

const top = (index: NameIndex, query: string, n = 10) => index.search(query, 20).slice(0, n);
const names = (index: NameIndex, query: string, n = 10) => top(index, query, n).map((h) => h.name);

describe('ranking of the shared name index', () => {
  it('completes the last word typed into every word it starts, the rare ones too', () => {
    const target = company('VALLEY QUAQUINNOV LIMITED');
    const index = NameIndex.fromEntities(rules, [...crowd, target]);
    assert.ok(
      top(index, 'valley quaqu').some((h) => h.id === target.id),
      'the one VALLEY QUAQU… company, though QUAQUINNOV is the rarest of 145 words starting "quaqu"',
    );
    assert.equal(top(index, 'valley quaquin')[0]?.id, target.id);
  });

  it('completes a prefix of more words than PREFIX_EXPANSION into its commonest, not the first in text order', () => {
    // More one-company words starting "zq" than a prefix expands to, all sorting before ZQMAIN.
    const letters = 'abcdefgh';
    const filler = Array.from({ length: PREFIX_EXPANSION + 100 }, (_, i) => {
      const code = i.toString(8).padStart(5, '0');
      return company(`ZQ${[...code].map((d) => letters[Number(d)]).join('')} TRADING LIMITED`);
    });
    const target = company('HOLLOWAY ZQMAIN LIMITED');
    const index = NameIndex.fromEntities(rules, [...filler, ...copies(2, 'ZQMAIN SERVICES LTD'), target]);
    const first = top(index, 'holloway zq')[0];
    assert.equal(first?.id, target.id);
    assert.ok(first.score > 0.9, `both words matched, not HOLLOWAY alone (score ${first.score})`);
  });

  it('puts the name whose words come in the order typed before the same words in another order', () => {
    const inOrder = company('DAVIS & BROWN LIMITED');
    const index = NameIndex.fromEntities(rules, [...crowd, ...copies(12, 'BROWN & DAVIS LIMITED'), inOrder]);
    assert.equal(top(index, 'davis and bro')[0]?.id, inOrder.id, 'a prefix of the second word');
    assert.equal(top(index, 'davis and bronw')[0]?.id, inOrder.id, 'a typo in the second word');
    assert.equal(top(index, 'davs brown')[0]?.id, inOrder.id, 'a typo in the first word');
    // The other order is still found, next.
    assert.equal(top(index, 'davis and brown', 13).length, 13);
  });

  it('shows several completions of a word being typed, not every company of the first one', () => {
    const care = company('KUMAR CARE LIMITED');
    const capital = company('KUMAR CAPITAL LTD');
    const index = NameIndex.fromEntities(rules, [...crowd, ...copies(15, 'KUMAR CAFE LIMITED'), care, capital]);
    const ids = top(index, 'kumar ca').map((h) => h.id);
    assert.ok(ids.includes(care.id) && ids.includes(capital.id), 'KUMAR CARE and KUMAR CAPITAL in the top 10');
    assert.ok(names(index, 'kumar ca').filter((n) => n === 'KUMAR CAFE LIMITED').length >= 3, 'and some KUMAR CAFE');
  });

  it('shows several corrections of a typo, not every company of the first one', () => {
    const target = company('ZALMAR LIMITED');
    const index = NameIndex.fromEntities(rules, [...crowd, ...copies(12, 'ZALCAR LIMITED'), ...copies(12, 'ZALFAR LTD'), target]);
    assert.ok(top(index, 'zalar').some((h) => h.id === target.id));
  });

  it('lists every company of the one completion there is together, as without the rule for guesses', () => {
    const named = copies(12, 'ZEPHYRINE HOLDINGS LIMITED');
    const index = NameIndex.fromEntities(rules, [...crowd, ...named]);
    const hits = top(index, 'zephyrine hold', 12);
    assert.deepEqual(new Set(hits.map((h) => h.id)), new Set(named.map((c) => c.id)));
    assert.equal(new Set(hits.map((h) => h.score)).size, 1, 'one score: nothing else was guessed');
  });

  it('keeps every company of a name the query spells out in full together on top', () => {
    const cafes = copies(15, 'KUMAR CAFE LIMITED');
    const index = NameIndex.fromEntities(rules, [...crowd, ...cafes, company('KUMAR CARE LIMITED')]);
    const ids = new Set(top(index, 'kumar cafe', 15).map((h) => h.id));
    assert.deepEqual(ids, new Set(cafes.map((c) => c.id)));
  });

  it('still finds a former name that only a typo or a prefix reaches', () => {
    const renamed = company('NORTHGATE VENTURES LIMITED', ['PAXNOVSAN ENGINEERING LIMITED']);
    const index = NameIndex.fromEntities(rules, [...crowd, renamed]);
    for (const q of ['paxnovsan engineering', 'paxnovsan engin', 'paxnovsan enginering']) {
      const hit = top(index, q).find((h) => h.id === renamed.id);
      assert.equal(hit?.match, 'previousName', q);
    }
  });
});
