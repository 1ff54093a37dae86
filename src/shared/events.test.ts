import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus, LateBound } from './events.ts';

describe('EventBus', () => {
  it('runs the handlers in the order they subscribed, each awaited, and stops calling a removed one', async () => {
    const bus = new EventBus<{ settled: (id: string) => void | Promise<void> }>();
    const seen: string[] = [];
    bus.on('settled', async (id) => {
      await new Promise((r) => setTimeout(r, 10));
      seen.push(`first ${id}`);
    });
    const off = bus.on('settled', (id) => void seen.push(`second ${id}`));
    await bus.emit('settled', 'a');
    off();
    await bus.emit('settled', 'b');
    assert.deepEqual(seen, ['first a', 'second a', 'first b']);
  });

  it('an event nobody listens to is a no-op', async () => {
    await new EventBus<{ settled: () => void }>().emit('settled');
  });
});

describe('LateBound', () => {
  it('refuses a call before it is bound, then calls the bound function; binding twice is refused', () => {
    const late = new LateBound<(n: number) => number>('double');
    assert.throws(() => late.call(2), /double was called before the module providing it was wired/);
    late.bind((n) => n * 2);
    assert.equal(late.call(2), 4);
    assert.throws(() => late.bind((n) => n), /double is bound twice/);
  });
});
