// What this machine charges for work that comes after a pause. The same fixed piece of JavaScript (a JSON round trip of
// a few hundred objects) is timed run back to back and run after a sleep: on a machine whose cores idle between
// requests (a virtual machine's vCPU halts, its caches go cold, the host may give its core away) a request that comes
// alone runs slower than one in a stream, in the service, PostgreSQL and the load generator alike. This is the floor
// under a fixed rate's p50 at low rates, which no change to the service moves.
import { setTimeout as sleep } from 'node:timers/promises';

const sample = {
  companies: Array.from({ length: 200 }, (_, i) => ({ id: `C${i}`, name: `company ${i}`, tags: ['a', 'b'], share: i * 1.5 })),
};

function work(): number {
  let n = 0;
  for (let i = 0; i < 10; i++) n += (JSON.parse(JSON.stringify(sample)) as typeof sample).companies.length;
  return n;
}

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timedRuns(runs: number, pauseMs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (pauseMs > 0) await sleep(pauseMs);
    const start = process.hrtime.bigint();
    work();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

/** Median ms of the fixed work back to back, and after `pauseMs` of sleep (the pause between requests at 1000/pauseMs req/s). */
export async function idleResume(pauseMs = 33): Promise<{ backToBackMs: number; afterPauseMs: number; pauseMs: number }> {
  await timedRuns(1000, 0); // compiled and optimized first
  const backToBackMs = await timedRuns(300, 0);
  const afterPauseMs = await timedRuns(60, pauseMs);
  return { backToBackMs, afterPauseMs, pauseMs };
}
