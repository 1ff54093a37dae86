// Signed webhook deliveries per second to a loopback receiver, through the durable path: each message stored with
// its delivery row, each attempt a pg-boss job, each outcome logged in a transaction (issue 3).
//   node --import tsx bench/webhook-deliveries.ts [--messages 5000] [--endpoints 1] [--hold 60s]
// Every message is emitted first with its first attempt held back (`--hold`, the first delay of the retry schedule),
// so that the delivery rate is measured on a backlog: first to last receipt. The emit rate is printed beside it.
// Job engine and store on PGlite (on disk) by default, on PostgreSQL when DATABASE_URL is set.
// Baseline in the same run: the same number of signed POSTs sent straight to the receiver with the same signing and
// the same concurrency but no store and no jobs, the ceiling the durable path is measured against; and the goal of
// 1,000 deliveries/s on PostgreSQL. The receiver verifies every signature with the `standardwebhooks` library.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { signatureHeader } from '../src/webhooks/signing.ts';
import { startBenchService } from './support/service.ts';
import { round1 } from './support/stats.ts';

const { values } = parseArgs({
  options: { messages: { type: 'string', default: '5000' }, endpoints: { type: 'string', default: '1' }, hold: { type: 'string', default: '60s' } },
});
const messages = Number(values.messages);
const endpointCount = Number(values.endpoints);
const loadAtStart = loadavg().map(round1);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

/** A receiver that verifies every signature and counts distinct message ids per path. */
async function startReceiver() {
  const verifiers = new Map<string, Webhook>();
  const seen = new Map<string, Set<string>>();
  let received = 0;
  let badSignatures = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = req.url ?? '/';
      try {
        verifiers.get(path)!.verify(body, req.headers as Record<string, string>);
      } catch {
        badSignatures++;
      }
      received++;
      lastAt = performance.now();
      firstAt ||= lastAt;
      const ids = seen.get(path) ?? new Set<string>();
      ids.add(String(req.headers['webhook-id']));
      seen.set(path, ids);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    expect(path: string, secret: string) {
      verifiers.set(path, new Webhook(secret));
    },
    stats: () => ({ received, badSignatures, firstAt, lastAt, distinct: [...seen.values()].reduce((n, s) => n + s.size, 0) }),
    reset() {
      seen.clear();
      received = 0;
      badSignatures = 0;
      firstAt = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Runs `task(i)` for i in [0, n) with at most `width` in flight. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) await task(next++);
  }));
}

const receiver = await startReceiver();
const bench = await startBenchService({ WEBHOOK_RETRY_SCHEDULE: `${values.hold},5s,30s,5m` });
const { apiKey, id: accountId } = await bench.newAccount();
const secrets: string[] = [];
for (let e = 0; e < endpointCount; e++) {
  const res = await bench.call('POST', '/v2/webhook-endpoints', { key: apiKey, body: { url: `${receiver.url}/e${e}` } });
  if (res.status !== 201) throw new Error(`endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  receiver.expect(`/e${e}`, res.body.secret);
  secrets.push(res.body.secret);
}
const total = messages * endpointCount;
const payload = (i: number) => ({ data: { bench: true, sequence: i, note: 'x'.repeat(400) } });

// Baseline: signed POSTs straight to the receiver, same signing, 64 in flight (the sender's socket pool).
log(`baseline: ${total} signed POSTs without store or jobs…`);
const t0 = performance.now();
await pool(total, 64, async (i) => {
  const body = JSON.stringify({ type: 'monitor.notification', ...payload(i) });
  const id = `msg_baseline_${i}`;
  const now = new Date();
  const e = i % endpointCount;
  await fetch(`${receiver.url}/e${e}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signatureHeader([secrets[e]!], id, now, body) },
    body,
  });
});
const baselineRate = total / ((performance.now() - t0) / 1000);
receiver.reset();

// The durable path: emit every message (stored + first job), then wait for every delivery.
log(`durable: ${messages} messages × ${endpointCount} endpoint(s) on ${bench.store}…`);
const t1 = performance.now();
await pool(messages, 16, async (i) => {
  await bench.service.webhooks.emit(accountId, 'monitor.notification', payload(i));
});
const emitSeconds = (performance.now() - t1) / 1000;
const heldBack = receiver.stats().received === 0;
const complete = await waitFor(() => receiver.stats().distinct >= total, 15 * 60_000);
const stats = receiver.stats();
const deliverSeconds = (stats.lastAt - stats.firstAt) / 1000;
// The last batch records its successes after its POSTs: give it a moment before reading the rows.
const rowsOf = () =>
  bench.service.db.query<{ status: string; n: number }>(`select status, count(*)::int as n from webhook_deliveries group by status order by status`);
let rows = await rowsOf();
for (let i = 0; i < 100 && rows.some((r) => r.status === 'pending'); i++) {
  await new Promise((r) => setTimeout(r, 100));
  rows = await rowsOf();
}

console.log(JSON.stringify({
  benchmark: 'webhook-deliveries',
  store: bench.store,
  machine: { cpus: cpus().length, loadAtStart },
  messages,
  endpoints: endpointCount,
  deliveries: total,
  complete,
  emitPerSecond: Math.round(messages / emitSeconds),
  deliveriesPerSecond: Math.round(stats.distinct / deliverSeconds),
  secondsFromFirstToLastDelivery: round1(deliverSeconds),
  backlogHeldUntilAllEmitted: heldBack,
  received: stats.received,
  duplicates: stats.received - stats.distinct,
  lost: total - stats.distinct,
  badSignatures: stats.badSignatures,
  deliveryRows: Object.fromEntries(rows.map((r) => [r.status, r.n])),
  baseline: { directSignedPostsPerSecond: Math.round(baselineRate), goalOnPostgreSQL: 1000 },
}, null, 2));

await bench.close();
await receiver.close();
