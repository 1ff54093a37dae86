import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failsByBehaviour } from './behaviour.ts';
import { latencyModel } from './latency.ts';
import { Rng, seeds, unitOf } from './random.ts';
import type { SandboxRecord } from './store.ts';

const take = (rng: Rng) => [rng.next(), rng.next(), rng.next()];

describe('the emulator kit', () => {
  it('draws the same numbers the registers drew before they shared one generator (their sandbox companies stay the same)', () => {
    // Golden values from each register's former generator, seeded as it seeds the kit's.
    assert.deepEqual(take(Rng.of(seeds.fnv1a('seed-1'))), [0.8126733123790473, 0.5248212472070009, 0.5631958588492125]);
    assert.deepEqual(take(Rng.xoshiro('seed-1')), [0.38045599055476487, 0.078891048906371, 0.7091360962949693]);
    assert.deepEqual(
      take(Rng.of(seeds.sha256('TEST\u0000ACME\u0000names'))),
      [0.5238743256777525, 0.06959633529186249, 0.5898590134456754],
    );
    assert.deepEqual(
      take(Rng.of(seeds.fnv1aMixed('registrum\u00007\u0000entity'))),
      [0.9178378011565655, 0.5361736149061471, 0.8631956141907722],
    );
  });

  it('picks within bounds and by weight', () => {
    const rng = Rng.of(42);
    const ints = Array.from({ length: 500 }, () => rng.int(3, 5));
    assert.deepEqual([...new Set(ints)].sort(), [3, 4, 5]);
    const heavy = Array.from({ length: 1000 }, () => rng.weighted([['a', 9] as const, ['b', 1] as const])).filter((x) => x === 'a').length;
    assert.ok(heavy > 850 && heavy < 950, `${heavy}`);
    assert.throws(() => rng.pick([]), /empty/);
    assert.equal(new Set(rng.sample([1, 2, 3, 4], 4)).size, 4);
  });

  it('times a call from the realistic range, stable per key, scaled; the operator’s latency wins', () => {
    const latencyFor = latencyModel({ search: { min: 1000, max: 3000 } });
    const realistic = latencyFor('search', 'acme', 'realistic');
    assert.equal(realistic, Math.round(1000 + unitOf('search:acme') * 2000));
    assert.equal(latencyFor('search', 'acme', 'realistic'), realistic, 'stable');
    assert.equal(latencyFor('search', 'acme', 'fast'), Math.round(realistic / 100));
    assert.equal(latencyFor('search', 'acme', 'none'), 0);
    const stored = { behaviour: { latencyMs: { search: 7 } } } as unknown as SandboxRecord;
    assert.equal(latencyFor('search', 'acme', 'realistic', stored), 7);
    const pages = latencyModel({ page: { min: 1, max: 2 } }, { page: ['profile', 'documents'] });
    assert.equal(pages('page', 'x', 'none', { behaviour: { latencyMs: { documents: 9 } } } as unknown as SandboxRecord), 9);
  });

  it('fails a call when the company is unavailable or has failures left, taking one each time', async () => {
    let left = 2;
    const consume = async () => left-- > 0;
    assert.equal(await failsByBehaviour(undefined, consume), false);
    assert.equal(await failsByBehaviour({ unavailable: true }, consume), true);
    assert.equal(left, 2, 'unavailable takes no failure');
    const b = { failTimes: 2 };
    assert.deepEqual(
      [await failsByBehaviour(b, consume), await failsByBehaviour(b, consume), await failsByBehaviour(b, consume)],
      [true, true, false],
    );
  });
});
