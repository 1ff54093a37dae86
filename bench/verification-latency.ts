// Time from `POST /v2/company` in verification mode (TEST register, no sandbox latency) to the last `company.updated`
// received, the one in which every data point has settled: p50 and p99 (issue 3). Each data point is a durable job;
// each settlement emits a signed webhook through the durable delivery path.
//   node --import tsx bench/verification-latency.ts [--requests 200] [--concurrency 4]
// Store and job engine on PGlite (on disk) by default, on PostgreSQL when DATABASE_URL is set.
// Baseline in the same run: the same requests in onboarding mode, answered synchronously (the register work without
// jobs or webhooks).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startBenchService } from './support/service.ts';
import { percentile, round1 } from './support/stats.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '200' }, concurrency: { type: 'string', default: '4' } } });
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const loadAtStart = loadavg().map(round1);
const DATA_POINTS = ['company', 'legalRepresentatives', 'shareholders', 'ultimateBeneficialOwners', 'availableDocuments'];

/** requestId → time its fully settled company.updated arrived. */
const settledAt = new Map<string, number>();
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const statuses = Object.values(body.request?.dataStatus?.dataPoints ?? {}).map((e: any) => e.status);
    if (body.type === 'company.updated' && statuses.length && statuses.every((s) => s !== 'in_progress' && s !== 'enriching')) {
      if (!settledAt.has(body.request.requestId)) settledAt.set(body.request.requestId, performance.now());
    }
    res.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

const bench = await startBenchService();
const { apiKey } = await bench.newAccount();
const ep = await bench.call('POST', '/v2/webhook-endpoints', { key: apiKey, body: { url: receiverUrl } });
if (ep.status !== 201) throw new Error(`endpoint: ${ep.status}`);

async function pool(n: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

// Baseline: onboarding mode, the same data points, answered in the response.
const onboarding: number[] = [];
await pool(requests, async (i) => {
  const t = performance.now();
  const res = await bench.call('POST', '/v2/company', {
    key: apiKey,
    body: { id: `LATENCY-ONB-${i}`, countryCode: 'TEST', mode: 'onboarding', dataPoints: DATA_POINTS },
  });
  if (res.status !== 200) throw new Error(`onboarding: ${res.status}`);
  onboarding.push(performance.now() - t);
});

// Verification: from the POST to the webhook in which every data point has settled.
const startedAt = new Map<string, number>();
await pool(requests, async (i) => {
  const t = performance.now();
  const res = await bench.call('POST', '/v2/company', {
    key: apiKey,
    body: { id: `LATENCY-VER-${i}`, countryCode: 'TEST', dataPoints: DATA_POINTS },
  });
  if (res.status !== 200) throw new Error(`verification: ${res.status}`);
  startedAt.set(res.body.request.requestId, t);
});
const deadline = Date.now() + 10 * 60_000;
while ([...startedAt.keys()].some((id) => !settledAt.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
const verification = [...startedAt].filter(([id]) => settledAt.has(id)).map(([id, t]) => settledAt.get(id)! - t);

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round1(percentile(sorted, 0.5)),
    p99Ms: round1(percentile(sorted, 0.99)),
    maxMs: round1(sorted[sorted.length - 1] ?? NaN),
  };
};
console.log(
  JSON.stringify(
    {
      benchmark: 'verification-latency',
      store: bench.store,
      machine: { cpus: cpus().length, loadAtStart },
      requests,
      concurrency,
      dataPoints: DATA_POINTS,
      verificationPostToLastCompanyUpdated: stats(verification),
      missing: requests - verification.length,
      baseline: { onboardingRoundTrip: stats(onboarding) },
    },
    null,
    2,
  ),
);

await bench.close();
server.close();
