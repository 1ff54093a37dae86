// Fairness of verification work under slow registers: the settle latency of a stream of fast TEST verifications
// (from `POST /v2/company` to the answer of `GET /v2/company/{requestId}` with every data point settled), first
// alone (the baseline, in the same run), then beside slow CN verifications from two other accounts (each a credit
// report: minutes, spec §8). Sandbox latency is realistic, so a TEST call takes its 2-3 s.
//   node --import tsx bench/verification-fairness.ts [--requests 24] [--concurrency 4] [--slow 2]
// Store and job engine on PGlite (on disk) by default, on PostgreSQL when DATABASE_URL is set.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startBenchService } from './support/service.ts';
import { percentile, round1 } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '24' },
    concurrency: { type: 'string', default: '4' },
    slow: { type: 'string', default: '2' },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const slowPerAccount = Number(values.slow);
const loadAtStart = loadavg().map(round1);
/** A fast request left unsettled this long is counted as missing (before the fix they waited for the CN batches). */
const GIVE_UP_MS = 6 * 60_000;
const CN_COMPANIES = ['91500103MA5U3B2X2K', '91110108MA01HXYL9W'];
const CN_DATA_POINTS = ['company', 'legalRepresentatives', 'shareholders', 'availableDocuments'];

const bench = await startBenchService({ SANDBOX_LATENCY: 'realistic' });
const fast = await bench.newAccount();

const isSettled = (body: any) =>
  [...Object.values(body.request.dataStatus.dataPoints), ...Object.values(body.request.dataStatus.documents)].every(
    (e: any) => e.status === 'succeeded' || e.status === 'failed',
  );

/** Posts a verification and polls it until settled; its latency in ms, or undefined when it gave up. */
async function settleLatency(key: string, body: object): Promise<number | undefined> {
  const t = performance.now();
  const res = await bench.call('POST', '/v2/company', { key, body });
  if (res.status !== 200) throw new Error(`verification: ${res.status} ${JSON.stringify(res.body)}`);
  const id = res.body.request.requestId;
  for (let body = res.body; !isSettled(body); body = (await bench.call('GET', `/v2/company/${id}`, { key })).body) {
    if (performance.now() - t > GIVE_UP_MS) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - t;
}

async function fastStream(label: string) {
  const samples: number[] = [];
  let missing = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const ms = await settleLatency(fast.apiKey, { id: `FAIR-${label}-${i}`, countryCode: 'TEST', dataPoints: ['company'] });
        if (ms === undefined) missing++;
        else samples.push(ms);
      }
    }),
  );
  const sorted = samples.sort((a, b) => a - b);
  return {
    n: sorted.length,
    missing,
    p50Ms: round1(percentile(sorted, 0.5)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted[sorted.length - 1] ?? NaN),
  };
}

const alone = await fastStream('alone');

// Two other accounts start slow CN verifications (several credit-report jobs each), still running during the stream.
const slowRequests: { key: string; id: string }[] = [];
for (let a = 0; a < 2; a++) {
  const { apiKey } = await bench.newAccount();
  for (let i = 0; i < slowPerAccount; i++) {
    const res = await bench.call('POST', '/v2/company', {
      key: apiKey,
      body: { id: CN_COMPANIES[i % CN_COMPANIES.length], countryCode: 'CN', dataPoints: CN_DATA_POINTS },
    });
    if (res.status !== 200) throw new Error(`CN verification: ${res.status} ${JSON.stringify(res.body)}`);
    slowRequests.push({ key: apiKey, id: res.body.request.requestId });
  }
}
const besideSlow = await fastStream('beside');
let slowStillOpen = 0;
for (const { key, id } of slowRequests) if (!isSettled((await bench.call('GET', `/v2/company/${id}`, { key })).body)) slowStillOpen++;

const rows = [
  { case: 'fast stream alone (baseline)', ...alone },
  { case: `beside ${slowRequests.length} slow CN verifications`, ...besideSlow },
];
console.log(
  JSON.stringify(
    {
      benchmark: 'verification-fairness',
      store: bench.store,
      machine: { cpus: cpus().length, loadAtStart },
      requests,
      concurrency,
      slowCnVerifications: slowRequests.length,
      slowCnJobs: slowRequests.length * CN_DATA_POINTS.length,
      slowStillOpenAfterStream: slowStillOpen,
    },
    null,
    2,
  ),
);
console.log('| case | n | missing | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.case} | ${r.n} | ${r.missing} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} |`);

await bench.close();
