// Signed webhook deliveries per second to a loopback receiver, through the durable path: each message stored with
// its delivery row, each attempt a pg-boss job, each outcome logged before its job completes (issue 3).
//   node --import tsx bench/webhook-deliveries.ts [--messages 10000] [--endpoints 1] [--processes 1] [--release 10s]
//     [--cold-stats] [--slow-share 0.01 --slow-ms 3000]
// The receiver is the customer's server: it runs in a child process of its own (bench/support/webhook-receiver.ts),
// verifies every signature with the `standardwebhooks` library and counts receipts by webhook-id per path.
// Every message is staged first (stored with its delivery rows, in batches, as monitor checks stage theirs); then the
// first jobs are sent, all due at one moment (`--release` after staging ends), so that the delivery rate is
// measured on a backlog: first to last receipt. `--processes N` starts N-1 more service processes (src/main.ts, same
// DATABASE_URL and schemas) that share the jobs with the bench's own service; each process's share and CPU time
// are read through bench/support/service-probe.ts, the PostgreSQL backends' CPU through /proc. Job engine and store
// on PGlite (on disk) by default, on PostgreSQL when DATABASE_URL is set (several processes need PostgreSQL).
// Before the release the bench's tables are analyzed, as autovacuum would (see below; --cold-stats leaves them).
// `--slow-share`: the receiver answers that share of the messages (by id) only after `--slow-ms`, as a customer's slow
// endpoint would; it counts them on arrival, so the rate shows how much the slow ones hold the others back.
// Baseline in the same run: the same number of signed POSTs sent straight to the receiver from this process, with
// the service's own sender and signing and the service's concurrency, but no store and no jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDuration } from '../src/config.ts';
import { openPostgres } from '../src/store/postgres.ts';
import type { StagedMessage } from '../src/webhooks/delivery.ts';
import { WebhookSender } from '../src/webhooks/sender.ts';
import { signedHeaders } from '../src/webhooks/signing.ts';
import { UrlGuard } from '../src/webhooks/url-guard.ts';
import { cpuBetween, takeReading, type Reading } from './support/cpu-readings.ts';
import { probe, type Probe } from './support/service-probe.ts';
import { startBenchService } from './support/service.ts';
import { startServiceProcess, type ServiceProcess } from './support/service-processes.ts';
import { cpuMsBetween, round1 } from './support/stats.ts';
import { startReceiverProcess } from './support/webhook-receiver.ts';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '10000' },
    endpoints: { type: 'string', default: '1' },
    processes: { type: 'string', default: '1' },
    release: { type: 'string', default: '10s' },
    'cold-stats': { type: 'boolean', default: false },
    'slow-share': { type: 'string', default: '0' },
    'slow-ms': { type: 'string', default: '3000' },
  },
});
const messages = Number(values.messages);
const endpointCount = Number(values.endpoints);
const processCount = Number(values.processes);
const databaseUrl = process.env.DATABASE_URL;
if (processCount > 1 && !databaseUrl) throw new Error('--processes > 1 needs DATABASE_URL (PGlite serves one process)');
const loadAtStart = loadavg().map(round1);
const log = (...a: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
/** In flight at once: the service's 4 batches of 32 per process. */
const IN_FLIGHT = 128;
const STAGE_BATCH = 200;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Runs `task(i)` for i in [0, n) with at most `width` in flight. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

const receiver = await startReceiverProcess();
const schema = `bench_wh_${process.pid}_${Date.now().toString(36)}`;
const serviceEnv: Record<string, string> = {
  // The first delay is overridden below (one release time for all); the retries are not exercised (all answers 204).
  WEBHOOK_RETRY_SCHEDULE: '0,5s,30s,5m',
  // Named here rather than by startBenchService, so that the extra processes can be given the same.
  ...(databaseUrl ? { DATABASE_SCHEMA: schema, JOBS_SCHEMA: `${schema}_jobs` } : {}),
};
const bench = await startBenchService(serviceEnv);
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

// Baseline: signed POSTs straight to the receiver with the service's sender (its connection pool) and signing.
log(`baseline: ${total} signed POSTs without store or jobs…`);
const sender = new WebhookSender(new UrlGuard('sandbox'), { timeoutMs: 15_000, userAgent: 'registrum-bench' });
const baselineCpu = process.cpuUsage();
const baselineReceiverCpu = (await receiver.stats()).cpu;
const t0 = performance.now();
let baselineFailed = 0;
await pool(total, IN_FLIGHT, async (i) => {
  const body = JSON.stringify({ type: 'monitor.notification', ...payload(i) });
  const id = `msg_baseline_${i}`;
  const now = new Date();
  const e = i % endpointCount;
  const headers = signedHeaders([secrets[e]!], id, now, body);
  if (!(await sender.post(`${receiver.url}/e${e}`, headers, body)).ok) baselineFailed++;
});
const baselineSeconds = (performance.now() - t0) / 1000;
const baselineStats = await receiver.stats();
const baseline = {
  directSignedPostsPerSecond: Math.round(total / baselineSeconds),
  failed: baselineFailed,
  badSignatures: baselineStats.badSignatures,
  senderCpuMsPerPost: round2(cpuMsBetween(baselineCpu, process.cpuUsage()) / total),
  receiverCpuMsPerPost: round2(cpuMsBetween(baselineReceiverCpu, baselineStats.cpu) / total),
};
await sender.close();
receiver.reset();
const slow = { share: Number(values['slow-share']), ms: Number(values['slow-ms']) };
if (slow.share > 0) receiver.slow(slow.share, slow.ms);

// More service processes on the same database and schemas, started before anything is pending.
const extraDataDir = mkdtempSync(join(tmpdir(), 'registrum-bench-proc-'));
const extras: ServiceProcess[] = [];
for (let p = 1; p < processCount; p++) {
  log(`starting service process ${p + 1} of ${processCount}…`);
  extras.push(
    await startServiceProcess({
      ...serviceEnv,
      DATABASE_URL: databaseUrl!,
      DATA_DIR: extraDataDir,
      HOST: '127.0.0.1',
      REGISTERS: 'sandbox',
      SANDBOX_LATENCY: 'none',
      BOOTSTRAP_API_KEY: 'rk_bench-extra-process-key-000000',
    }),
  );
}
const probeAll = async (): Promise<Probe[]> => [probe(), ...(await Promise.all(extras.map((x) => x.probe())))];
const labels = ['bench (in-process service)', ...extras.map((_, i) => `src/main.ts #${i + 2}`)];

// The durable path: stage every message, then send the first jobs with one release time for all: otherwise jobs
// fall due at the staging rate, and a delivery faster than staging would measure staging.
log(`durable: ${messages} messages × ${endpointCount} endpoint(s) on ${bench.store}, ${processCount} service process(es)…`);
const dispatcher = bench.service.webhooks.notifications;
const t1 = performance.now();
const staged: StagedMessage[][] = [];
await pool(Math.ceil(messages / STAGE_BATCH), 4, async (b) => {
  staged[b] = await bench.service.db.transaction(async (tx) => {
    const out: StagedMessage[] = [];
    for (let i = b * STAGE_BATCH; i < Math.min(messages, (b + 1) * STAGE_BATCH); i++) {
      const s = await dispatcher.stage(tx, accountId, 'monitor.notification', payload(i));
      if (s) out.push(s);
    }
    return out;
  });
});
const stageSeconds = (performance.now() - t1) / 1000;
// Before the first job is sent: every delivery counts in some process's share, even one that runs before the release.
const probesBefore = await probeAll();
const releaseAt = Date.now() + parseDuration(values.release);
await pool(staged.length, 4, async (b) => {
  await dispatcher.dispatchMany(staged[b]!.map((m) => ({ ...m, firstDelayMs: releaseAt - Date.now() })));
});
// The PostgreSQL here runs with autovacuum off (its CI configuration), so tables filled in seconds keep the
// statistics of empty tables, and the planner then sorts the whole backlog at every job fetch. A deployment's
// autovacuum analyzes a table once a tenth of it changed; this does the same once, unless --cold-stats.
if (!values['cold-stats']) await analyzeOwnTables();
const heldUntilRelease = Date.now() < releaseAt && (await receiver.stats()).received === 0;

const read = (): Promise<Reading> =>
  takeReading({
    probeAll,
    receiverCpu: async () => (await receiver.stats()).cpu,
    postgres: databaseUrl ? { db: bench.service.db, port: Number(new URL(databaseUrl).port || 5432) } : undefined,
  });
// Only the receiver is asked while waiting (cheap); the CPU readings are taken at the first receipt seen, so that
// the window holds delivery work only, and once every message arrived.
let first: Reading | undefined;
const deadline = Date.now() + 15 * 60_000;
for (let seen = await receiver.stats(); seen.distinct < total && Date.now() < deadline; ) {
  if (!first && seen.received > 0) first = await read();
  await new Promise((r) => setTimeout(r, 50));
  seen = await receiver.stats();
}
const last = await read();
const stats = await receiver.stats();
first ??= last;

// The last batch records its successes after its POSTs: give it a moment before reading the rows.
const rowsOf = () =>
  bench.service.db.query<{ status: string; n: number; attempts: number }>(
    `select status, count(*)::int as n, sum(attempt_count)::int as attempts from webhook_deliveries group by status order by status`,
  );
let rows = await rowsOf();
for (let i = 0; i < 100 && rows.some((r) => r.status === 'pending'); i++) {
  await new Promise((r) => setTimeout(r, 100));
  rows = await rowsOf();
}
const logged = (await bench.service.db.query<{ n: number }>(`select count(*)::int as n from webhook_attempts`))[0]!.n;
const deliverSeconds = (stats.lastAt - stats.firstAt) / 1000;
// Steady rate: the median of whole seconds, leaving out the first and the last (partial) second.
const steady = stats.perSecond.slice(1, -1).sort((a, b) => a - b);
const cpu = cpuBetween(probesBefore, first, last, total, labels);

console.log(
  JSON.stringify(
    {
      benchmark: 'webhook-deliveries',
      store: bench.store,
      processes: processCount,
      machine: { cpus: cpus().length, loadAtStart, loadAtEnd: loadavg().map(round1), allCoresBusyDuringDeliveries: cpu.allCoresBusy },
      messages,
      endpoints: endpointCount,
      deliveries: total,
      slowReceiver: slow.share > 0 ? slow : null,
      complete: stats.distinct >= total,
      stagedPerSecond: Math.round(messages / stageSeconds),
      backlogHeldUntilRelease: heldUntilRelease,
      tablesAnalyzedBeforeRelease: !values['cold-stats'],
      deliveriesPerSecond: Math.round(stats.distinct / deliverSeconds),
      steadyDeliveriesPerSecond: steady.length ? steady[Math.floor(steady.length / 2)] : null,
      secondsFromFirstToLastDelivery: round1(deliverSeconds),
      received: stats.received,
      duplicates: stats.received - stats.distinct,
      lost: total - stats.distinct,
      badSignatures: stats.badSignatures,
      deliveryRows: Object.fromEntries(rows.map((r) => [r.status, r.n])),
      attemptsCounted: rows.reduce((n, r) => n + r.attempts, 0),
      attemptsLogged: logged,
      perProcess: cpu.perProcess,
      cpuMsPerDelivery: cpu.cpuMsPerDelivery,
      // All cores' time over the CPU per delivery of service, database and receiver: a projection for a machine that runs
      // nothing else, not a measure (the measures above are taken beside whatever else the machine runs).
      projectedDeliveriesPerSecondOnIdleCores: cpu.projectedOnIdleCores,
      baseline: { ...baseline, goalOnPostgreSQL: 1000 },
    },
    null,
    2,
  ),
);

await Promise.all(extras.map((x) => x.stop()));
await bench.close();
await receiver.close();
if (databaseUrl) {
  const admin = await openPostgres(databaseUrl, { max: 1 });
  await admin.exec(`drop schema if exists ${schema}_jobs cascade; drop schema if exists ${schema} cascade`);
  await admin.close();
}
rmSync(extraDataDir, { recursive: true, force: true });

/** ANALYZE of the service's tables and its job engine's, only theirs (other work shares the server). */
async function analyzeOwnTables() {
  const db = bench.service.db;
  if (!databaseUrl) return void (await db.exec('analyze'));
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = any($1::text[])`,
    [[schema, `${schema}_jobs`]],
  );
  for (const { name } of tables) await db.exec(`analyze ${name}`);
}
