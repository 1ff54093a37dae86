// The first requests after a start (issue 22's request path, as a new process meets it): the service is started as
// `npm start` does, in a child process (TEST register, SANDBOX_LATENCY=none), and sent one onboarding request of one
// data point, then `--next` more (new companies each), one at a time. Run with the start's warm-up (WARM_UP=on, the
// default) and, in the same run as the baseline, without it (WARM_UP=off: reference lists parsed and serialisers
// compiled by the first request that needs them). Each variant runs in `--starts` fresh processes, alternating.
//
//   npm run bench:first-request                          # embedded store; DATABASE_URL=… for PostgreSQL
//   npm run bench:first-request -- --starts=5 --next=30
//
// Prints, per variant, the time from spawn to listening, the first request's latency and the median of the next ones.
import { randomBytes } from 'node:crypto';
import { processStorage } from '../test/support/process.ts';
import { startServiceProcess } from './support/service-processes.ts';
import { round1 } from './support/stats.ts';
import { flags } from './support/flags.ts';

const args = flags();
const STARTS = Number(args.get('starts') ?? 3);
const NEXT = Number(args.get('next') ?? 20);

interface StartFigures {
  listenMs: number;
  firstMs: number;
  nextMedianMs: number;
}

async function onboarding(url: string, key: string, id: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/v2/company`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] }),
  });
  await res.text();
  if (res.status !== 200) throw new Error(`onboarding ${id}: ${res.status}`);
  return performance.now() - started;
}

async function oneStart(warmUp: 'on' | 'off'): Promise<StartFigures> {
  const storage = processStorage();
  const key = `rk_bench_${randomBytes(16).toString('hex')}`;
  const spawned = performance.now();
  const service = await startServiceProcess({
    ...storage.env,
    WARM_UP: warmUp,
    SANDBOX_LATENCY: 'none',
    REGISTERS: 'sandbox',
    BOOTSTRAP_API_KEY: key,
    BOOTSTRAP_CREDITS: String(1e12),
  });
  const listenMs = performance.now() - spawned;
  try {
    const tag = randomBytes(4).toString('hex').toUpperCase();
    const firstMs = await onboarding(service.url, key, `FIRST-${tag}-0`);
    const next: number[] = [];
    for (let i = 1; i <= NEXT; i++) next.push(await onboarding(service.url, key, `FIRST-${tag}-${i}`));
    next.sort((a, b) => a - b);
    return { listenMs, firstMs, nextMedianMs: next[Math.floor(next.length / 2)]! };
  } finally {
    await service.stop();
    await storage.cleanup();
  }
}

const runs: Record<'on' | 'off', StartFigures[]> = { on: [], off: [] };
for (let i = 0; i < STARTS; i++) {
  for (const variant of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
    const f = await oneStart(variant);
    runs[variant].push(f);
    console.log(
      `WARM_UP=${variant} start ${i + 1}: listening after ${round1(f.listenMs)} ms, first request ${round1(f.firstMs)} ms, next ${NEXT} p50 ${round1(f.nextMedianMs)} ms`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `\nfirst requests after a start, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}, ${STARTS} starts each (medians; baseline WARM_UP=off)`,
);
console.log('| WARM_UP | listening after ms | first request ms | next requests p50 ms | first / next |');
console.log('| ------- | ------------------ | ---------------- | -------------------- | ------------ |');
for (const variant of ['off', 'on'] as const) {
  const r = runs[variant];
  const [listen, first, next] = [median(r.map((x) => x.listenMs)), median(r.map((x) => x.firstMs)), median(r.map((x) => x.nextMedianMs))];
  console.log(
    `| ${variant.padEnd(7)} | ${String(round1(listen)).padEnd(18)} | ${String(round1(first)).padEnd(16)} | ${String(round1(next)).padEnd(20)} | ${`${round1(first / next)}x`.padEnd(12)} |`,
  );
}
