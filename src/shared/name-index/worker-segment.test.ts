import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NameIndex } from './name-index.ts';
import { WorkerSegment } from './worker-segment.ts';
import { lineSource } from './worker-segment.fixture.ts';

const SOURCE = new URL('./worker-segment.fixture.ts', import.meta.url);
const utf8 = new TextEncoder();

// Some 4,000 companies from a few word lists, with accents, namesakes and former names: enough for typos and
// prefixes to have several candidates, so that ranking and tie-breaks matter.
const FIRST = ['ACME', 'ALBION', 'BRIGHTWATER', 'CAFÉ', 'KUMAR', 'ZALAR', 'NORTHERN', "O'BRIEN", 'SMITH', 'GOLDEN'];
const SECOND = ['HOLDINGS', 'SYSTEMS', 'LOGISTICS', 'REALTY', 'CARE', 'CAFE', 'PLUMBING', 'ARCHITECTURE', 'TRADING', 'SERVICES'];
const THIRD = ['LIMITED', 'LTD', 'PLC', '& SONS LTD', 'GROUP LIMITED'];
const CITIES = ['LONDON', 'LEEDS', 'CARDIFF', 'GLASGOW'];
const lines: string[] = [];
let n = 1000;
for (const a of FIRST)
  for (const b of SECOND)
    for (const c of THIRD)
      for (let k = 0; k < 8; k++) {
        const former = k % 3 === 0 ? `${SECOND[(k + a.length) % SECOND.length]} ${a} VENTURES LIMITED` : '';
        lines.push([String(n++), `${a} ${b} ${c}`, CITIES[k % CITIES.length], former].join('\t'));
      }

const QUERIES = [
  'acme holdings limited',
  'albion systems',
  'brightwatr logistics',
  'cafe realty',
  'kumar ca',
  'zalar',
  'obrien and sons',
  'smith tradin',
  'golden architecure group',
  'northern',
  'plumbing ventures',
  'ventures',
  'services acme',
];

/** Lines as the worker is sent them: a few batches of UTF-8, `\n`-separated. */
const batches = (all: string[], size = 1500) => {
  const out: Uint8Array[] = [];
  for (let i = 0; i < all.length; i += size) out.push(utf8.encode(all.slice(i, i + size).join('\n')));
  return out;
};

async function inWorker(all: string[], source = SOURCE) {
  const worker = WorkerSegment.start(source, all.length);
  try {
    for (const b of batches(all)) await worker.add(b);
    return (await worker.build()).segment;
  } finally {
    await worker.close();
  }
}

describe('a segment built in a worker thread', () => {
  it('answers every search, id lookup and update as the segment built in-process does', async () => {
    const rules = lineSource.indexRules();
    const local = NameIndex.fromEntities(rules, lines.map(lineSource.indexedEntityOfLine));
    const remote = new NameIndex(rules, await inWorker(lines));
    assert.equal(remote.size, lines.length);
    assert.equal(remote.baseSegment.vocabularySize, local.baseSegment.vocabularySize);
    for (const q of QUERIES) {
      const expected = local.search(q, 20);
      assert.ok(expected.length > 0, q);
      assert.deepEqual(remote.search(q, 20), expected, q);
    }
    assert.deepEqual(remote.byId('1010'), local.byId('1010'));
    assert.equal(remote.byId('999'), undefined);
    // The worker's segment takes updates over it as any base does.
    for (const index of [local, remote]) {
      index.upsert({ id: '1010', name: 'QUIXOTIC WIDGETS LTD', fields: ['YORK'], altNames: '' });
      index.remove('1011');
    }
    assert.deepEqual(remote.search('quixotic widgets'), local.search('quixotic widgets'));
    assert.equal(remote.search('quixotic widgets')[0]?.id, '1010');
    assert.deepEqual(remote.search(local.byId('1012')!.name), local.search(local.byId('1012')!.name));
    assert.equal(remote.size, local.size);
  });

  it('builds an empty segment from no lines', async () => {
    const index = new NameIndex(lineSource.indexRules(), await inWorker([]));
    assert.equal(index.size, 0);
    assert.deepEqual(index.search('acme'), []);
  });

  it('reports a line the register cannot read as the failure of the build, and stops the worker', async () => {
    await assert.rejects(inWorker([...lines.slice(0, 10), 'fail', ...lines.slice(10, 20)]), /a line the register cannot read/);
  });

  it('reports a module without a line source', async () => {
    await assert.rejects(inWorker(lines.slice(0, 5), new URL('./alt-names.ts', import.meta.url)), /exports no lineSource/);
  });
});
