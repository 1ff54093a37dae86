import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommitGroups } from './commit-groups.ts';

/** A write that records each group it is given and ends when the test says so. */
function heldWrites() {
  const groups: number[][] = [];
  const ends: (() => void)[] = [];
  const fails: ((err: Error) => void)[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      groups.push(items);
      ends.push(resolve);
      fails.push(reject);
    });
  return { groups, write, end: (i: number) => ends[i]!(), fail: (i: number, err: Error) => fails[i]!(err) };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('CommitGroups: group commit of concurrent writes', () => {
  it('writes a lone item at once, and those that come while its group is in flight together after it', async () => {
    const w = heldWrites();
    const groups = new CommitGroups(w.write, 1, 10);
    const first = groups.add(1);
    assert.deepEqual(w.groups, [[1]], 'a write with none in flight starts at once');
    const later = [2, 3, 4].map((n) => groups.add(n));
    assert.deepEqual(w.groups, [[1]], 'the others wait for the one in flight');
    w.end(0);
    await first;
    await turn();
    assert.deepEqual(w.groups, [[1], [2, 3, 4]], 'then they are written as one group');
    w.end(1);
    await Promise.all(later);
  });

  it('keeps as many groups in flight as it allows, and no group larger than its maximum', async () => {
    const w = heldWrites();
    const groups = new CommitGroups(w.write, 2, 3);
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => groups.add(n));
    assert.deepEqual(w.groups, [[1], [2]], 'two in flight');
    w.end(0);
    await turn();
    assert.deepEqual(w.groups, [[1], [2], [3, 4, 5]]);
    w.end(1);
    await turn();
    assert.deepEqual(w.groups, [[1], [2], [3, 4, 5], [6, 7, 8]]);
    w.end(2);
    w.end(3);
    await Promise.all(all);
  });

  it('rejects every item of a group whose write fails, and goes on with the next group', async () => {
    const w = heldWrites();
    const groups = new CommitGroups(w.write, 1, 10);
    const first = groups.add(1);
    const second = groups.add(2);
    const third = groups.add(3);
    w.end(0);
    await first;
    await turn();
    w.fail(1, new Error('store down'));
    await assert.rejects(second, /store down/);
    await assert.rejects(third, /store down/);
    const fourth = groups.add(4);
    assert.deepEqual(w.groups.at(-1), [4], 'a later item is written');
    w.end(2);
    await fourth;
  });
});
