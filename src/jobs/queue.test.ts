import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InProcessQueue, type WorkOptions } from './queue.ts';

/** Sends `jobs` jobs that each take 30 ms; answers how many ran and the most that ran at once. */
async function runJobs(opts: WorkOptions | undefined, jobs: number): Promise<{ ran: number; most: number }> {
  const queue = new InProcessQueue();
  let now = 0;
  let most = 0;
  let ran = 0;
  queue.work(
    'job',
    async () => {
      most = Math.max(most, ++now);
      await new Promise((r) => setTimeout(r, 30));
      now--;
      ran++;
    },
    opts,
  );
  for (let i = 0; i < jobs; i++) await queue.send('job', { i });
  while (ran < jobs) await new Promise((r) => setTimeout(r, 10));
  await queue.stop();
  return { ran, most };
}

describe('in-process queue: a queue’s slots bound its jobs running at once, as the durable engine’s workers do', () => {
  it('slots: 2 runs two jobs at a time, and every job in the end', async () => {
    assert.deepEqual(await runJobs({ slots: 2 }, 7), { ran: 7, most: 2 });
  });

  it('batchSize × concurrency when no slots are given; unbounded without options', async () => {
    assert.deepEqual(await runJobs({ batchSize: 1, concurrency: 3 }, 7), { ran: 7, most: 3 });
    assert.deepEqual(await runJobs(undefined, 7), { ran: 7, most: 7 });
  });

  it('keeps a job sent a month ahead waiting, not run at once', async () => {
    const queue = new InProcessQueue();
    let ran = 0;
    queue.work('monthly', async () => {
      ran++;
    });
    await queue.send('monthly', {}, { delayMs: 31 * 86_400_000 });
    await queue.send('monthly', {}, { delayMs: 10 });
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(ran, 1, 'only the job due in 10 ms ran');
    await queue.stop();
  });
});
