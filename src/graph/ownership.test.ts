import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ownershipOf } from './ownership.ts';

const link = (fromId: string, toId: string, percentage?: number) => ({ fromId, toId, ...(percentage !== undefined ? { percentage } : {}) });

test('along a chain percentages multiply', () => {
  const h = ownershipOf('R', [link('A', 'R', 80), link('B', 'A', 70), link('C', 'B', 60), link('D', 'B', 40)]);
  assert.deepEqual(h.get('A'), { total: 80, direct: 80, indirect: 0 });
  assert.equal(h.get('B')?.total, 56);
  assert.deepEqual(h.get('C'), { total: 33.6, direct: 0, indirect: 33.6 });
  assert.equal(h.get('D')?.total, 22.4);
});

test('across paths holdings add: direct and indirect, and a shared parent through each subsidiary', () => {
  const links = [
    link('NL', 'R', 40),
    link('CY', 'R', 35),
    link('X', 'R', 15),
    link('Z', 'R', 10),
    link('X', 'NL', 50),
    link('LU', 'NL', 50),
    link('LU', 'CY', 60),
    link('W', 'CY', 40),
    link('Y', 'LU', 100),
  ];
  const h = ownershipOf('R', links);
  assert.deepEqual(h.get('X'), { total: 35, direct: 15, indirect: 20 });
  assert.deepEqual(h.get('LU'), { total: 41, direct: 0, indirect: 41 });
  assert.equal(h.get('Y')?.total, 41);
  assert.equal(h.get('W')?.total, 14);
});

test('a cycle counts once: a path never passes a company twice, and the computation ends', () => {
  // R's parent MT is 40% owned by R itself and 30% by its own subsidiary IE (cross-holding).
  const links = [
    link('MT', 'R', 70),
    link('P', 'R', 30),
    link('R', 'MT', 40),
    link('IE', 'MT', 60),
    link('MT', 'IE', 30),
    link('Q', 'IE', 70),
  ];
  const h = ownershipOf('R', links);
  assert.equal(h.get('MT')?.total, 70);
  assert.equal(h.get('IE')?.total, 42);
  assert.equal(h.get('Q')?.total, 29.4);
  assert.equal(h.get('P')?.total, 30);
  assert.equal(h.has('R'), false, 'the root does not own itself');
  // Two companies that hold each other and nobody else: finite, and nothing beyond one pass.
  const loop = ownershipOf('R', [link('A', 'R', 50), link('B', 'A', 50), link('A', 'B', 50)]);
  assert.deepEqual(
    [...loop.entries()],
    [
      ['A', { total: 50, direct: 50, indirect: 0 }],
      ['B', { total: 25, direct: 0, indirect: 25 }],
    ],
  );
});

test('a holding without a percentage counts as nothing, and what lies above it is not reached', () => {
  const h = ownershipOf('R', [link('A', 'R'), link('P', 'A', 100), link('Q', 'R', 10)]);
  assert.equal(h.get('A'), undefined);
  assert.equal(h.get('P'), undefined);
  assert.equal(h.get('Q')?.total, 10);
});
