import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeAndRank } from '../../../search/rank.ts';
import { generateEntities } from '../generator.ts';
import { searchResults } from '../search-results.ts';
import { NameIndex } from './name-index.ts';
import { summaryOf, type EntitySummary } from './summary.ts';
import { boundedDistance } from '../../../shared/typos.ts';
import { tokenize } from '../../../shared/name-index/index.ts';

const summary = (dosId: string, name: string, alt: string[] = [], city = 'NEW YORK'): EntitySummary => ({
  dosId,
  name,
  city,
  state: 'NY',
  zip: '10001',
  altNames: alt.join('\n'),
});

const fixed = [
  summary('1000001', 'ACME HOLDINGS LLC'),
  summary('1000002', 'ACME HOLDING COMPANY, INC.'),
  summary('1000003', 'BRIGHTWATER LOGISTICS CORP.', ['FBLUE RIVER FREIGHT INC.', 'AHUDSON MOVERS']),
  summary('1000004', "O'BRIEN & SONS PLUMBING, INC."),
  summary('1000005', 'PAPADOPOULOS ARCHITECTURE PLLC'),
  summary('1000006', 'GOLDEN EMPIRE REALTY LLC', [], 'BROOKLYN'),
];
// A crowd around them, so that ranking matters.
const crowd = [...generateEntities({ size: 3000, seed: 'crowd' })].map((e) => summaryOf(e.row, e.names));
const index = NameIndex.fromEntities([...fixed, ...crowd]);
const ids = (q: string, n = 10) => index.search(q, n).map((h) => h.dosId);

describe('the US-NY name index', () => {
  it('finds the exact legal name first, as exactLegalName, ignoring case, commas and dots', () => {
    const [top] = index.search('acme holdings, l.l.c.');
    assert.equal(top?.dosId, '1000001');
    assert.equal(top?.match, 'exactLegalName');
    assert.equal(top?.score, 1);
    assert.equal(index.search('OBRIEN AND SONS PLUMBING INC')[0]?.match, 'exactLegalName');
  });

  it('ignores legal-form words when matching', () => {
    assert.deepEqual(ids('acme holdings').slice(0, 1), ['1000001']);
    assert.ok(ids('papadopoulos architecture').includes('1000005'));
  });

  it('tolerates one typo in short words and two in long ones', () => {
    assert.equal(ids('acme holdngs')[0], '1000001', 'one deletion');
    assert.equal(ids('acme hodlings')[0], '1000001', 'one transposition');
    assert.ok(ids('brightwatter logistcs').includes('1000003'), 'two words with one typo each');
    assert.ok(ids('papadopolous architecture').includes('1000005'), 'two typos in a long word');
    assert.ok(ids('papadapolous architecture').includes('1000005'), 'two substitutions in a long word');
    assert.ok(!ids('acne holdngs zz').includes('9999999'));
  });

  it('completes the last word as a prefix', () => {
    assert.ok(ids('brightwater logi').includes('1000003'));
    assert.ok(ids('golden empire rea').includes('1000006'));
  });

  it('finds former and assumed names as previousName, with the name that matched', () => {
    const former = index.search('blue river freight')[0];
    assert.equal(former?.dosId, '1000003');
    assert.equal(former?.match, 'previousName');
    assert.equal(former?.matchedName, 'BLUE RIVER FREIGHT INC.');
    assert.equal(former?.matchedNameKind, 'former');
    const assumed = index.search('hudson movers')[0];
    assert.equal(assumed?.match, 'previousName');
    assert.equal(assumed?.matchedNameKind, 'assumed');
    assert.equal(index.search('blue rivr freight')[0]?.dosId, '1000003', 'typos in former names too');
  });

  it('does not let former names that only tie with current ones crowd those out (they would rank above: CONTRACT §3)', () => {
    // Many companies used to be "SUMMIT PRINTING …"; three are so named today. A query for that name, whole or
    // being typed, must put the three first; before, the former names tied with them and, as previousName, took
    // every place above them.
    const former = Array.from({ length: 12 }, (_, k) =>
      summary(String(2000100 + k), `QUARTZ VENTURE ${k} LLC`, [`FSUMMIT PRINTING ${['INC.', 'CORP', 'LTD.'][k % 3]}`]),
    );
    const named = [
      summary('2000001', 'SUMMIT PRINTING LLC'),
      summary('2000002', 'SUMMIT PRINTING, INC.'),
      summary('2000003', 'SUMMIT PRINTING CORP'),
    ];
    const idx = NameIndex.fromEntities([...former, ...named, ...crowd]);
    for (const q of ['summit printing', 'summit prin', 'sumit printing']) {
      const top = mergeAndRank([searchResults(idx.search(q, 20))]).slice(0, 3);
      assert.deepEqual(top.map((r) => r.id).sort(), ['2000001', '2000002', '2000003'], q);
      assert.ok(
        top.every((r) => r.matchReason.matchType === 'default'),
        q,
      );
    }
    // A former name that is the query as written still comes first, as previousName.
    const exact = mergeAndRank([searchResults(idx.search('SUMMIT PRINTING LTD.', 20))])[0];
    assert.equal(exact?.matchReason.matchType, 'previousName');
    assert.equal(exact?.matchReason.matchType === 'previousName' && exact.matchReason.matchedName, 'SUMMIT PRINTING LTD.');
  });

  it('takes two typos in one word even where they overlap, and prefers a typo that keeps the first letter', () => {
    const idx = NameIndex.fromEntities([
      summary('3000001', 'BROOKLYN KEYSTONE GROUP LLC'),
      summary('3000002', 'FORTH BAKERY INC.'),
      summary('3000003', 'PORCH BAKERY INC.'),
      summary('3000004', 'BROOKLYN KEYS GROUP LLC'),
      ...crowd,
    ]);
    assert.equal(idx.search('brooklyn keysnte group')[0]?.dosId, '3000001', 'a deletion next to a transposition');
    assert.equal(idx.search('porth bakery')[0]?.dosId, '3000003');
  });

  it('gives one hit per company, best first', () => {
    const hits = index.search('acme holding', 20);
    assert.equal(new Set(hits.map((h) => h.dosId)).size, hits.length);
    for (let i = 1; i < hits.length; i++) assert.ok(hits[i - 1]!.score >= hits[i]!.score);
  });

  it('finds an entity by dosId', () => {
    assert.equal(index.byDosId('1000004')?.name, "O'BRIEN & SONS PLUMBING, INC.");
    assert.equal(index.byDosId('1000004')?.match, 'id');
    assert.equal(index.byDosId('7777777'), undefined);
  });

  it('takes changes incrementally: upserts replace, removals hide, from base and delta alike', () => {
    const idx = NameIndex.fromEntities([...fixed, ...crowd]);
    idx.upsert(summary('1000001', 'ZEPHYR ACQUISITIONS LLC', ['FACME HOLDINGS LLC']));
    assert.equal(idx.search('zephyr acquisitions')[0]?.dosId, '1000001');
    const renamed = idx.search('acme holdings').find((h) => h.dosId === '1000001');
    assert.equal(renamed?.match, 'previousName', 'the old name is now a former one');
    idx.upsert(summary('8888888', 'QUOKKA QUILTS LLC'));
    assert.equal(idx.byDosId('8888888')?.name, 'QUOKKA QUILTS LLC');
    idx.remove('1000006');
    idx.remove('8888888');
    assert.ok(!idx.search('golden empire realty').some((h) => h.dosId === '1000006'));
    assert.equal(idx.search('quokka quilts').length, 0);
    assert.equal(idx.byDosId('1000006'), undefined);
    assert.equal(idx.size, fixed.length + crowd.length - 1);
  });

  it('answers nothing for a query of stop words only, or of nothing', () => {
    assert.deepEqual(index.search('   '), []);
    assert.ok(Array.isArray(index.search('the llc')));
  });
});

describe('name normalisation and distance', () => {
  it('tokenizes like the register writes names', () => {
    assert.deepEqual(tokenize("O'BRIEN & SONS, L.L.C."), ['obrien', 'and', 'sons', 'llc']);
    assert.deepEqual(tokenize('Café Déjà Vu Inc.'), ['cafe', 'deja', 'vu', 'inc']);
  });

  it('counts a transposition as one edit and stops past the bound', () => {
    assert.equal(boundedDistance('holdings', 'hodlings', 2), 1);
    assert.equal(boundedDistance('acme', 'acne', 1), 1);
    assert.equal(boundedDistance('abcdef', 'uvwxyz', 2), 3);
    assert.equal(boundedDistance('keystone', 'keysnte', 2), 2, 'a deletion, then a transposition across it');
    assert.equal(boundedDistance('ca', 'abc', 3), 2);
  });
});
