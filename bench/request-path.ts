// The request path at production speed (issue 22): onboarding with one and three data points, a repeat of one
// company, a TEST search and GET /v2/company/{requestId}, each at a fixed offered rate and at saturation, on the
// embedded store and on PostgreSQL, beside a bare Fastify route (the floor) measured in the same run. The service
// runs as `npm start` does, in a child process (TEST register, SANDBOX_LATENCY=none, rate limits lifted), so that the
// load generator's CPU is not counted as the service's: its CPU per request comes from process.cpuUsage over IPC.
// On PostgreSQL (same machine) the CPU its backends spent serving the service is read from /proc as well, and so
// are the load generator's CPU (this process) and how busy the machine's cores were: on a small machine the service,
// PostgreSQL and the load share the cores, and a cell that leaves none idle is bound by what all three spend.
//
//   npm run bench:request-path                      # both stores (PostgreSQL when reachable), 3 s per cell
//   npm run bench:request-path -- --duration=10 --stores=postgres --only=onboarding-1 --trace
//
// With PostgreSQL in the run, the floor is also measured with 1 and 3 round trips to it per request (statements that
// do nothing, through the service's store): `--only=store-floor` alone, or any `--only` without it to skip them.
//
// Flags: --tax-verification=off|auto (auto: as deployed); --duration=<s> per cell; --warmup=<s> unmeasured before each scenario (15); --connections=<n> (50); --rate-pglite=<req/s> (500) and --rate-postgres=<req/s>
// (1000), the fixed offered rates, each cell marked ✓ where every request was answered within the latency target
// (--target-p50=<ms>, 3, and --target-p99=<ms>, 15: the issue's); --stores=pglite,postgres; --only=<scenario,…>; --processes=<n>: PostgreSQL also
// saturated by n service processes sharing the store (scaling); --trace: the service counts its
// statements, PGlite round trips and their time per request (src/store/trace.ts, REGISTRUM_STORE_TRACE=1) and the
// bench prints them per cell, with PostgreSQL's write-ahead-log flushes per request (walFlushes); --cpu-prof: the
// service writes V8 CPU profiles into --cpu-prof-dir (./.prof), one per thread (on PGlite, its store's worker too),
// which `npm run bench:cpu-profile -- .prof` sums up (bench/cpu-profile.ts: PostgreSQL's own functions in PGlite's too);
// --capacity: after each scenario's saturation, latency against load: five fixed rates from 5 % to 70 % of the
// saturated one, each cell marked ✓ where it met the latency target, and the highest rate that did
// (bench/support/latency-capacity.ts); the bare floor at 50/s too (a
// bare route's p50 when requests come alone). --help: this text; a flag it does not list stops the run.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { processStorage } from '../test/support/process.ts';
import { startFloorServer } from './support/floor-server.ts';
import { startServiceProcess, type ServiceProcess } from './support/service-processes.ts';
import { round1 } from './support/stats.ts';
import { cellMeasurer, type Cell, type Target } from './support/request-path-cells.ts';
import { markdownTable } from './support/table.ts';
import { flags } from './support/flags.ts';
import { postgresReachable } from './support/postgres-reachable.ts';
import { checkLedger, type LedgerCheck } from './support/ledger-check.ts';
import { backendCpu } from './support/postgres-cpu.ts';
import { latencyCapacity, withinTarget, type LatencyTarget } from './support/latency-capacity.ts';
import { openPostgres } from '../src/store/postgres.ts';
import type { Db } from '../src/store/db.ts';

const args = flags(process.argv.slice(2), [
  'capacity',
  'connections',
  'cpu-prof',
  'cpu-prof-dir',
  'duration',
  'only',
  'processes',
  'rate-pglite',
  'rate-postgres',
  'stores',
  'target-p50',
  'target-p99',
  'tax-verification',
  'trace',
  'warmup',
]);
const DURATION = Number(args.get('duration') ?? 3);
/**
 * Unmeasured load before each scenario: the service's code is compiled and its caches warm. V8 optimizes a function
 * once it has run a while, so a service that has served a few hundred requests still compiles (traced with
 * --trace-opt on a slow 2-core machine: 40-56 functions optimized a second in the first 6 s at saturation, under 10
 * only after 12 s; 8-34 a second throughout 25 s at 50 req/s after a 1 s warm-up). After 1 s, onboarding-1 on PostgreSQL at 200/s measured
 * p50 8.7-8.9 ms and 4.0 ms of service CPU per request; after 15 s, 5.8 ms and 2.7 ms: what a service that has run
 * a while spends.
 */
const WARMUP = Number(args.get('warmup') ?? 15);
const CONNECTIONS = Number(args.get('connections') ?? 50);
const RATE = { pglite: Number(args.get('rate-pglite') ?? 500), postgres: Number(args.get('rate-postgres') ?? 1000) };
const TRACE = args.has('trace');
const CPU_PROF = args.has('cpu-prof');
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STORES = (args.get('stores') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const ONLY = args.get('only')?.split(',');
/** PostgreSQL: also at saturation with this many service processes sharing the store, the load split between them. */
const PROCESSES = Number(args.get('processes') ?? 1);
const CAPACITY = args.has('capacity');
/** With --capacity, the floor at a low rate too: what a bare route's p50 is when requests come alone. */
const FLOOR_LOW_RATE = 50;
const LATENCY_TARGET: LatencyTarget = { p50Ms: Number(args.get('target-p50') ?? 3), p99Ms: Number(args.get('target-p99') ?? 15) };
const { measure, measureAcross } = cellMeasurer({ durationS: DURATION, connections: CONNECTIONS });

interface Scenario {
  name: string;
  /** An autocannon request, or one made per call (a new company each time). */
  request(key: string, ctx: { requestId: string }): autocannon.Request & { setupRequest?: (r: autocannon.Request) => autocannon.Request };
}

const json = (body: unknown) => ({
  method: 'POST' as const,
  path: '/v2/company',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const run = randomBytes(3).toString('hex');
let serial = 0;
const newCompany = (dataPoints: string[]) => (r: autocannon.Request) => ({
  ...r,
  body: JSON.stringify({ id: `B${run}-${serial++}`, countryCode: 'TEST', mode: 'onboarding', dataPoints }),
});

const SCENARIOS: Scenario[] = [
  { name: 'onboarding-1', request: () => ({ ...json({}), setupRequest: newCompany(['company']) }) },
  {
    name: 'onboarding-3',
    request: () => ({ ...json({}), setupRequest: newCompany(['company', 'legalRepresentatives', 'shareholders']) }),
  },
  {
    name: 'repeat',
    request: () => json({ id: `REPEAT-${run}`, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] }),
  },
  { name: 'search', request: () => ({ method: 'GET', path: '/v2/search?country=TEST&query=acme' }) },
  { name: 'get', request: (_key, ctx) => ({ method: 'GET', path: `/v2/company/${ctx.requestId}` }) },
];

/**
 * Unmeasured load before a scenario: the service's code is loaded and compiled and its caches are warm. Then one
 * request alone: it answers once the work the warm-up left queued in the service is done.
 */
async function warmUp(url: string, key: string, req: autocannon.Request) {
  const requests = [{ ...req, headers: { ...req.headers, 'x-api-key': key } }];
  await autocannon({ url, connections: 1, amount: 20, requests });
  if (WARMUP > 0) await autocannon({ url, connections: 10, duration: WARMUP, requests });
  await autocannon({ url, connections: 1, amount: 1, requests });
}

/**
 * The statistics of the service's tables once the warm-up filled them, as autovacuum keeps them in a database that has
 * run a while: the bench's schema is new, and statements planned on its empty tables keep plans that read every row of
 * an account where an index reads one (a generic plan lasts until the table is analyzed, which also re-plans it).
 */
async function analyzeSchema(postgres: Db, schema: string) {
  const tables = await postgres.query<{ name: string }>('select tablename as name from pg_tables where schemaname = $1', [schema]);
  for (const { name } of tables) await postgres.exec(`analyze "${schema}"."${name}"`);
}

async function startService(store: 'pglite' | 'postgres') {
  if (store === 'postgres') process.env.DATABASE_URL = PG_URL;
  else delete process.env.DATABASE_URL;
  const storage = processStorage();
  const key = `rk_bench_${randomBytes(16).toString('hex')}`;
  const serviceEnv: Record<string, string> = {
    ...storage.env,
    SANDBOX_LATENCY: 'none',
    REGISTERS: 'sandbox',
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000000',
    MAX_CONNECTIONS_PER_ADDRESS: '10000',
    BOOTSTRAP_API_KEY: key,
    BOOTSTRAP_CREDITS: String(1e14),
    // The tax authorities' emulators (HMRC, VIES) answer on loopback beside the service: `off` measures without them.
    ...(args.has('tax-verification') ? { TAX_VERIFICATION: args.get('tax-verification')! } : {}),
    ...(TRACE ? { REGISTRUM_STORE_TRACE: '1' } : {}),
  };
  const service = await startServiceProcess(serviceEnv, CPU_PROF ? { cpuProfDir: resolve(args.get('cpu-prof-dir') ?? '.prof') } : {});
  return { service, key, cleanup: storage.cleanup, env: storage.env, serviceEnv };
}

function targetOf(service: ServiceProcess, postgres?: Db): Target {
  return {
    url: service.url,
    cpu: async () => (await service.probe()).cpu,
    ...(postgres ? { postgresCpu: () => backendCpu(postgres, [service.pid], Number(new URL(PG_URL).port || 5432)) } : {}),
    ...(TRACE
      ? {
          trace: async () => ({
            ...((await service.probe()).storeTrace ?? {}),
            // The server's flushes of its write-ahead log (pg_stat_wal; the whole server's, so run the bench alone):
            // a commit that waits for the disk waits for one, unless another commit's flush covers it.
            ...(postgres ? { walFlushes: (await postgres.query<{ n: number }>('select wal_sync::int8 as n from pg_stat_wal'))[0]!.n } : {}),
          }),
        }
      : {}),
  };
}

async function main() {
  const cells: Cell[] = [];
  const floor = await startFloorServer();
  for (const load of ['rate', 'saturation'] as const) {
    const m = await measure(floor, undefined, { method: 'GET', path: '/' }, load === 'rate' ? RATE.postgres : undefined);
    cells.push({ store: '-', scenario: 'floor (bare Fastify)', load: load === 'rate' ? `${RATE.postgres}/s` : 'max', ...m });
  }
  if (CAPACITY) {
    const m = await measure(floor, undefined, { method: 'GET', path: '/' }, FLOOR_LOW_RATE);
    cells.push({ store: '-', scenario: 'floor (bare Fastify)', load: `${FLOOR_LOW_RATE}/s`, ...m });
  }
  await floor.stop();
  const floorRps = cells.find((c) => c.load === 'max')!.rps;
  if (STORES.includes('postgres') && (!ONLY || ONLY.includes('store-floor')) && (await postgresReachable(PG_URL))) {
    cells.push(...(await storeFloors()));
  }
  const checks: (LedgerCheck & { store: string })[] = [];

  for (const store of STORES) {
    if (store === 'postgres' && !(await postgresReachable(PG_URL))) {
      console.error(`PostgreSQL at ${PG_URL} is not reachable: skipped`);
      continue;
    }
    const { service, key, cleanup, env, serviceEnv } = await startService(store);
    // Processes beside the first (PostgreSQL only: the embedded store belongs to one process), one after the other.
    const extra: ServiceProcess[] = [];
    // Reads which backends serve the service, and their CPU (same machine only: /proc).
    const postgres = store === 'postgres' ? await openPostgres(PG_URL, { max: 1 }) : undefined;
    try {
      if (store === 'postgres') for (let i = 1; i < PROCESSES; i++) extra.push(await startServiceProcess(serviceEnv));
      const target = targetOf(service, postgres);
      // One request for GET /v2/company/{requestId} to read.
      const res = await fetch(`${service.url}/v2/company`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ id: `GET-${run}`, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company', 'shareholders'] }),
      });
      const { request } = (await res.json()) as { request: { requestId: string } };
      for (const scenario of SCENARIOS) {
        if (ONLY && !ONLY.includes(scenario.name)) continue;
        const req = scenario.request(key, request);
        await warmUp(service.url, key, req);
        if (postgres) await analyzeSchema(postgres, env.DATABASE_SCHEMA!);
        let saturatedRps = 0;
        for (const load of ['rate', 'saturation'] as const) {
          const rate = load === 'rate' ? RATE[store] : undefined;
          const m = await measure(target, key, req, rate);
          const met = rate !== undefined && withinTarget(m, rate, LATENCY_TARGET);
          cells.push({ store, scenario: scenario.name, load: rate ? `${rate}/s${met ? ' ✓' : ''}` : 'max', ...m });
          console.error(`${store} ${scenario.name} ${rate ? `${rate}/s` : 'max'}: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`);
          if (!rate) saturatedRps = m.rps;
        }
        if (CAPACITY) cells.push(...(await capacityCells(store, scenario.name, saturatedRps, (rate) => measure(target, key, req, rate))));
        if (extra.length > 0) {
          const m = await measureAcross([target, ...extra.map((p) => targetOf(p))], key, req);
          cells.push({ store, scenario: scenario.name, load: `max, ${extra.length + 1} processes`, ...m });
          console.error(`${store} ${scenario.name} max ×${extra.length + 1}: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`);
        }
      }
    } finally {
      for (const p of extra) await p.stop();
      await service.stop();
      await postgres?.close();
      // Nothing lost or charged twice under that load: the store the service leaves behind, read once it stopped.
      try {
        checks.push({ store, ...(await checkLedger(env)) });
      } finally {
        await cleanup();
      }
    }
  }
  print(cells, floorRps);
  console.log('\nafter the load (service stopped; all should be 0 but requests):');
  for (const c of checks) console.log(`${c.store}: ${JSON.stringify(c)}`);
  if (CPU_PROF) console.log(`\nCPU profiles: npm run bench:cpu-profile -- ${args.get('cpu-prof-dir') ?? '.prof'}`);
}

/**
 * Latency against load: the scenario at fixed fractions of its saturated rate, a cell each, marked where it met the
 * latency target; the console says the highest rate that did.
 */
async function capacityCells(
  store: string,
  scenario: string,
  saturatedRps: number,
  measureAt: Parameters<typeof latencyCapacity>[0],
): Promise<Cell[]> {
  const { p50Ms, p99Ms } = LATENCY_TARGET;
  const { highest, probes } = await latencyCapacity(
    async (rate) => {
      const m = await measureAt(rate);
      console.error(`${store} ${scenario} ${rate}/s (capacity): ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`);
      return m;
    },
    saturatedRps,
    LATENCY_TARGET,
  );
  console.error(
    `${store} ${scenario}: ${highest ? `highest rate within p50 ≤ ${p50Ms} ms, p99 ≤ ${p99Ms} ms: ${highest.rate}/s` : `no rate tried within p50 ≤ ${p50Ms} ms, p99 ≤ ${p99Ms} ms`}`,
  );
  return probes.map((p) => ({ store, scenario, load: `${p.rate}/s${p.within ? ' ✓' : ''}`, ...p.cell }));
}

/**
 * The floor with round trips to PostgreSQL (bench/support/floor-server.ts), at saturation: what 1 and 3 round trips
 * of statements that do nothing cost a request here, beside the service's own (3 per onboarding of one data point).
 */
async function storeFloors(): Promise<Cell[]> {
  const cells: Cell[] = [];
  const postgres = await openPostgres(PG_URL, { max: 1 });
  try {
    for (const roundTrips of [1, 3]) {
      const floor = await startFloorServer({ url: PG_URL, roundTrips });
      try {
        const target: Target = {
          url: floor.url,
          cpu: floor.cpu,
          postgresCpu: () => backendCpu(postgres, [floor.pid], Number(new URL(PG_URL).port || 5432)),
        };
        await autocannon({ url: floor.url, connections: 10, duration: WARMUP || 1 });
        const m = await measure(target, undefined, { method: 'GET', path: '/' });
        const scenario = `floor + ${roundTrips} PostgreSQL round trip${roundTrips > 1 ? 's' : ''}`;
        cells.push({ store: 'postgres', scenario, load: 'max', ...m });
        console.error(`${scenario} max: ${m.rps} req/s p50 ${m.p50} ms p99 ${m.p99} ms`);
      } finally {
        await floor.stop();
      }
    }
  } finally {
    await postgres.close();
  }
  return cells;
}

function print(cells: Cell[], floorRps: number) {
  const header = [
    'store',
    'scenario',
    'offered',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'unsent',
    'CPU ms/req',
    'PG CPU ms/req',
    'load CPU ms/req',
    'machine busy',
    'floor/req/s',
  ];
  const rows = cells.map((c) => [
    c.store,
    c.scenario,
    c.load,
    String(c.rps),
    String(c.p50),
    String(c.p99),
    String(c.errors),
    c.unsent === undefined ? '-' : String(c.unsent),
    String(c.cpuMsPerReq),
    c.postgresCpuMsPerReq === undefined ? '-' : String(c.postgresCpuMsPerReq),
    String(c.loadCpuMsPerReq),
    c.machineBusy === undefined ? '-' : `${Math.round(c.machineBusy * 100)} %`,
    c.rps > 0 ? `${round1(floorRps / c.rps)}x` : '-',
  ]);
  console.log(
    `\nrequest path, ${DURATION} s per cell, ${CONNECTIONS} connections; floor/req/s: bare Fastify's saturated req/s over the cell's;` +
      ` load CPU: the load generator's (this process); machine busy: all ${availableParallelism()} cores, everything on them`,
  );
  for (const l of markdownTable(header, rows)) console.log(l);
  if (TRACE) {
    console.log('\nper request (service side):');
    for (const c of cells) if (c.trace) console.log(`${c.store} ${c.scenario} ${c.load}: ${JSON.stringify(c.trace)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
