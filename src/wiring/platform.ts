import type { Config } from '../config.ts';
import { loggerOptions } from '../http/logging.ts';
import { PgBossQueue } from '../jobs/pgboss.ts';
import { ProcessLease } from '../jobs/process-lease.ts';
import { createLogger, type Logger, logFailure } from '../observability/logger.ts';
import { ContextQueue } from '../observability/queue.ts';
import { MANIFESTS } from '../registers/index.ts';
import { migrationSetsOf } from '../registers/manifest.ts';
import { ClockSync } from '../sandbox/clock-sync.ts';
import { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { openStore } from '../store/open.ts';
import { tracedIfAsked } from '../store/trace.ts';

/**
 * The store (the one given, or opened from the configuration with every register's migrations): the service's, and
 * the ingestion scripts' that write into it.
 */
export async function openServiceStore(config: Config, given?: Db, log?: Logger): Promise<Db> {
  // Counted per statement only when a benchmark asks (REGISTRUM_STORE_TRACE=1, src/store/trace.ts).
  return tracedIfAsked(
    given ??
      (await openStore({
        databaseUrl: config.DATABASE_URL,
        schema: config.DATABASE_SCHEMA,
        dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
        migrations: migrationSetsOf(MANIFESTS),
        connectionCheck: connectionCheckOf(config, 'store', log),
        ...(log
          ? {
              onUpkeepFailure: ({ task, ...failure }) =>
                log.error({ task, ...failure }, `the embedded store's ${task} failed: it is not looked after until this is mended`),
            }
          : {}),
      })),
  );
}

/** PostgreSQL: connections of `pool` (the store's, the job engine's) whose server went away are looked for and closed. */
function connectionCheckOf(config: Config, pool: string, log?: Logger) {
  return {
    after: config.DATABASE_CONNECTION_CHECK_AFTER,
    onVanished: (count: number) =>
      log?.warn({ pool, connections: count }, 'connections to PostgreSQL whose backend the server no longer has were closed'),
    onUnchecked: (err: Error, stopped: boolean) =>
      log?.warn({ pool, err, stopped }, 'the connections held long could not be looked up on PostgreSQL'),
  };
}

/** One JSON logger for the HTTP app and everything else the process logs. */
export function createServiceLogger(logger: boolean | object | undefined): Logger {
  return createLogger(loggerOptions(logger) as Parameters<typeof createLogger>[0]);
}

/** The service clock, moved by the sandbox's operator and shared with the other processes through the store. */
export async function createClock(config: Config, db: Db): Promise<{ clock: Clock; clockSync: ClockSync }> {
  const clock = new Clock();
  const clockSync = new ClockSync(db, clock);
  await clockSync.load();
  if (config.REGISTERS === 'sandbox') clockSync.start();
  return { clock, clockSync };
}

/**
 * This process's lease and the job engine. The lease is taken before any work is accepted: requests and
 * idempotency keys are stamped with it.
 */
export async function createJobs(config: Config, deps: { db: Db; log: Logger }) {
  const { db, log } = deps;
  const lease = new ProcessLease(db, config.LEASE_TTL, (err) => logFailure(log, err, 'process lease'));
  await lease.start();
  const jobEngine = await PgBossQueue.start({
    databaseUrl: config.DATABASE_URL,
    db,
    schema: config.JOBS_SCHEMA,
    onError: (err) => logFailure(log, err, 'job engine'),
    connectionCheck: connectionCheckOf(config, 'job engine', log),
  });
  // Jobs carry the x-request-id of the request that caused them; an API process (ROLE=api) only sends them.
  const queue = new ContextQueue(jobEngine, log, config.ROLE !== 'api');
  return { lease, jobEngine, queue };
}
