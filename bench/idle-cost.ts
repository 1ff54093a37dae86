// What a service costs while no request comes: its background work (job engine's fetch loops, leases, the sandbox
// registers' emulators and the GB streaming consumer, the clock) spends CPU every second, on the two cores that also
// serve requests. The service is started as `npm start` does (sandbox registers, SANDBOX_LATENCY=none), left to settle,
// then measured idle; then sent `--requests` onboarding requests (new companies) and measured idle again, which shows
// whether the background work grows with what the service has done. The bare Fastify floor's idle cost is measured in
// the same run as the baseline.
//
//   npm run bench:idle-cost                                # both stores (PostgreSQL at DATABASE_URL or 127.0.0.1:5432/test)
//   npm run bench:idle-cost -- --stores=postgres --duration=20 --requests=5000 --settle=12
//
// Prints per store: the service's CPU per second (all its threads, PGlite's worker included), PostgreSQL's (the
// backends serving it), and the statements per second it sends (PostgreSQL: transactions committed in the database
// while it idles, the bench's own readings taken out; PGlite: the traced store's statements).
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { processStorage } from '../test/support/process.ts';
import { openPostgres } from '../src/store/postgres.ts';
import { startFloorServer } from './support/floor-server.ts';
import { backendCpu, backendCpuBetween } from './support/postgres-cpu.ts';
import { startServiceProcess, type ServiceProcess } from './support/service-processes.ts';
import { flags } from './support/flags.ts';
import { postgresReachable } from './support/postgres-reachable.ts';
import { cpuMsBetween, round1 } from './support/stats.ts';
import { markdownTable } from './support/table.ts';
import { sleep } from '../src/shared/sleep.ts';

const args = flags();
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const STORES = (args.get('stores') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const DURATION = Number(args.get('duration') ?? 10);
// Long enough for the start's background work to end, and for PostgreSQL's backends to flush their statistics (an idle
// one flushes after 10 s), which the statement count reads.
const SETTLE = Number(args.get('settle') ?? 12);
const REQUESTS = Number(args.get('requests') ?? 2000);

interface IdleFigures {
  cpuMsPerSecond: number;
  postgresCpuMsPerSecond?: number;
  statementsPerSecond: number;
}

/** Transactions committed in the database so far (every statement outside a transaction is one). */
async function commits(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
  return Number(rows[0]!.n);
}

async function measureIdle(service: ServiceProcess, store: 'pglite' | 'postgres'): Promise<IdleFigures> {
  const postgres = store === 'postgres' ? await openPostgres(PG_URL, { max: 1 }) : undefined;
  const client = store === 'postgres' ? new pg.Client({ connectionString: PG_URL }) : undefined;
  await client?.connect();
  try {
    const port = Number(new URL(PG_URL).port || 5432);
    const before = await service.probe();
    const backendsBefore = postgres ? await backendCpu(postgres, [service.pid], port) : undefined;
    const commitsBefore = client ? await commits(client) : 0;
    await sleep(DURATION * 1000);
    // pg_stat_database is refreshed when a backend's statistics are flushed (at most once a second, and at idle).
    const commitsAfter = client ? await commits(client) : 0;
    const after = await service.probe();
    const backendsAfter = postgres ? await backendCpu(postgres, [service.pid], port) : undefined;
    const statements =
      store === 'postgres'
        ? // The bench's own reading (one statement) is in the count.
          commitsAfter - commitsBefore - 1
        : (after.storeTrace?.statements ?? 0) - (before.storeTrace?.statements ?? 0);
    return {
      cpuMsPerSecond: round1(cpuMsBetween(before.cpu, after.cpu) / DURATION),
      ...(backendsBefore && backendsAfter
        ? { postgresCpuMsPerSecond: round1((backendCpuBetween(backendsBefore, backendsAfter) * 1000) / DURATION) }
        : {}),
      statementsPerSecond: round1(statements / DURATION),
    };
  } finally {
    await client?.end();
    await postgres?.close();
  }
}

async function onboard(url: string, key: string, count: number): Promise<void> {
  let serial = 0;
  const run = randomBytes(4).toString('hex');
  const headers = { 'content-type': 'application/json', 'x-api-key': key };
  await autocannon({
    url,
    connections: 10,
    amount: count,
    requests: [
      {
        method: 'POST',
        path: '/v2/company',
        headers,
        setupRequest: (r) => ({
          ...r,
          body: JSON.stringify({ id: `IDLE-${run}-${serial++}`, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] }),
        }),
      },
    ],
  });
}

async function main() {
  const rows: string[][] = [];
  const floor = await startFloorServer();
  await sleep(SETTLE * 1000);
  const floorBefore = await floor.cpu();
  await sleep(DURATION * 1000);
  const floorCpu = round1(cpuMsBetween(floorBefore, await floor.cpu()) / DURATION);
  await floor.stop();
  rows.push(['-', 'floor (bare Fastify)', 'idle', String(floorCpu), '-', '-']);

  for (const store of STORES) {
    if (store === 'postgres' && !(await postgresReachable(PG_URL))) {
      console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
      continue;
    }
    if (store === 'postgres') process.env.DATABASE_URL = PG_URL;
    else delete process.env.DATABASE_URL;
    const storage = processStorage();
    const key = `rk_bench_${randomBytes(16).toString('hex')}`;
    const service = await startServiceProcess({
      ...storage.env,
      SANDBOX_LATENCY: 'none',
      REGISTERS: 'sandbox',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '100000000',
      BOOTSTRAP_API_KEY: key,
      BOOTSTRAP_CREDITS: String(1e14),
      TAX_VERIFICATION: 'off',
      REGISTRUM_STORE_TRACE: '1',
    });
    try {
      await sleep(SETTLE * 1000);
      const fresh = await measureIdle(service, store);
      await onboard(service.url, key, REQUESTS);
      await sleep(SETTLE * 1000);
      const used = await measureIdle(service, store);
      for (const [when, f] of [
        ['idle after start', fresh],
        [`idle after ${REQUESTS} requests`, used],
      ] as const)
        rows.push([
          store,
          'service',
          when,
          String(f.cpuMsPerSecond),
          f.postgresCpuMsPerSecond === undefined ? '-' : String(f.postgresCpuMsPerSecond),
          String(f.statementsPerSecond),
        ]);
    } finally {
      await service.stop();
      await storage.cleanup();
    }
  }

  console.log(`Idle cost, ${DURATION} s per reading after ${SETTLE} s to settle; CPU in ms per second (1,000 = one core)`);
  const header = ['store', 'process', 'when', 'CPU ms/s', 'PG CPU ms/s', 'statements/s'];
  for (const l of markdownTable(header, rows)) console.log(l);
}

await main();
