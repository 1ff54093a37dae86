import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../store/db.ts';
import { watchConnections, type ConnectionCheck } from '../store/postgres-liveness.ts';
import { Heartbeat, LIVENESS_SECONDS } from './heartbeat.ts';
import { installJobTrigger, JobNotifications } from './job-notifications.ts';
import { PgBossSlotWorker } from './pgboss-slot-worker.ts';
import { failJobs, PgBossWorker, type QueueWorker } from './pgboss-worker.ts';
import type { JobToSend, SendOptions, WorkOptions, WorkQueue } from './queue.ts';

export interface PgBossQueueOptions {
  /** PostgreSQL: pg-boss runs its own pool on this URL. Unset: through `db` (PGlite). */
  databaseUrl?: string;
  db: Db;
  /** The schema that holds pg-boss's tables; tests give each file its own. */
  schema: string;
  /** Idle poll interval in seconds (>= 0.5). */
  pollingIntervalSeconds?: number;
  onError?: (err: unknown) => void;
  /** How long a job may go without a heartbeat before it is retried (default LIVENESS_SECONDS; tests shorten it). */
  livenessSeconds?: number;
  /** PostgreSQL: pg-boss's connections held this long are looked up on the server, closed if their backend is gone. */
  connectionCheck?: ConnectionCheck;
}

/**
 * Every job: retried by pg-boss when its handler throws or its process dies (no heartbeat for LIVENESS_SECONDS,
 * see heartbeat.ts), with backoff: 1-2 s, then doubling, up to 128-256 s before the 8th retry (pg-boss 12's cap
 * of 300 s was never reached with these numbers, and 10 has none).
 */
const JOB_POLICY = {
  retryLimit: 8,
  retryDelay: 1,
  retryBackoff: true,
} as const;

/**
 * The longest idle wait of a fetch loop (IdlePolling) where sends wake the loops themselves: on the embedded store, and
 * on PostgreSQL while this process listens for every process's sends (JobNotifications).
 */
const IDLE_MAX_MS = 4000;
/** Delayed jobs due within this long wake the loops when due (later ones are found by the idle polls). */
const WAKE_WITHIN_MS = 3_600_000;

/** Completed and failed jobs stay this long (pg-boss 12's default `deleteAfterSeconds`): a key sent again meanwhile is a no-op. */
const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/** The schema version of the installed pg-boss; a newer one in the database was made by a later pg-boss. */
const SCHEMA_VERSION: number = createRequire(import.meta.url)('pg-boss/version.json').schema;

/**
 * The durable job engine: pg-boss on PostgreSQL or on the embedded PGlite (through the store's port).
 * Several processes on one PostgreSQL share the queues; each job runs once at a time.
 */
export class PgBossQueue implements WorkQueue {
  private readonly created = new Set<string>();
  private creating: Promise<void> = Promise.resolve();
  private readonly starting: Promise<void>[] = [];
  private readonly workers: QueueWorker[] = [];
  private readonly dueTimers = new Set<NodeJS.Timeout>();
  private readonly heartbeat: Heartbeat;
  /** PostgreSQL: other processes' sends, heard on the jobs schema's channel. */
  private notifications: JobNotifications | undefined;
  private connectionWatch: { stop(): void } | undefined;
  private started = false;

  private constructor(
    private readonly boss: PgBoss,
    schema: string,
    private readonly pollingIntervalSeconds: number,
    private readonly onError: (err: unknown) => void,
    private readonly livenessSeconds: number,
    /** Set on the embedded store, where the lockfile makes this the only process. */
    private readonly exclusive?: { db: Db; schema: string },
  ) {
    this.heartbeat = new Heartbeat(boss, schema, () => this.workers.flatMap((w) => [...w.held]), onError, livenessSeconds);
  }

  static async start(opts: PgBossQueueOptions): Promise<PgBossQueue> {
    await assertSchemaVersion(opts);
    const common = {
      schema: opts.schema,
      // Expiry (dead processes' jobs) and archiving run this often, in one process at a time.
      maintenanceIntervalSeconds: 5,
      // pg-boss's cron scheduler is not used: monitors keep their own due times on the service clock.
      schedule: false,
      archiveCompletedAfterSeconds: KEEP_FINISHED_SECONDS,
      archiveFailedAfterSeconds: KEEP_FINISHED_SECONDS,
      // The archive is not read; its rows go a day after they arrive.
      deleteAfterDays: 1,
    };
    const boss = opts.databaseUrl
      ? new PgBoss({ ...common, connectionString: opts.databaseUrl, max: 4 })
      : new PgBoss({ ...common, db: adapterFor(opts.db) });
    boss.on('error', (err) => opts.onError?.(err));
    await boss.start();
    const queue = new PgBossQueue(
      boss,
      opts.schema,
      opts.pollingIntervalSeconds ?? 0.5,
      opts.onError ?? (() => undefined),
      opts.livenessSeconds ?? LIVENESS_SECONDS,
      opts.databaseUrl ? undefined : { db: opts.db, schema: opts.schema },
    );
    if (opts.databaseUrl) await queue.listen(opts.databaseUrl, opts.db, opts.schema);
    if (opts.databaseUrl && opts.connectionCheck?.after) {
      const { pool } = boss.getDb() as unknown as { pool: pg.Pool };
      queue.connectionWatch = watchConnections(
        pool,
        { connectionString: opts.databaseUrl },
        opts.connectionCheck.after,
        opts.connectionCheck,
      );
    }
    queue.heartbeat.start();
    queue.started = true;
    return queue;
  }

  /** Started and not stopped (readiness). */
  get running(): boolean {
    return this.started;
  }

  async send(name: string, payload: object, opts: SendOptions = {}): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.send(name, payload, jobOptions(name, opts));
    if (!opts.delayMs) this.notify(name);
    else this.wakeWhenDue(name, opts.delayMs);
  }

  async sendMany(name: string, jobs: readonly JobToSend[]): Promise<void> {
    if (!jobs.length) return;
    await this.ensureQueue(name);
    // One statement for all (pg-boss's `insert`, which takes the queue's policy as `send` does). Its rows are
    // inserted with on conflict do nothing, so a known id is skipped as with `send`; ids repeated within the
    // call are dropped here, since pg-boss refuses those.
    const seen = new Set<string>();
    const rows: { name: string; data: object; id?: string; startAfter?: Date }[] = [];
    for (const { payload, ...opts } of jobs) {
      const options = jobOptions(name, opts);
      if (options.id) {
        if (seen.has(options.id)) continue;
        seen.add(options.id);
      }
      rows.push({ name, data: payload, ...options });
    }
    if (rows.length === 1) {
      const { name: _, data, ...options } = rows[0]!;
      await this.boss.send(name, data, options);
    } else await this.boss.insert(rows);
    if (rows.some((r) => !r.startAfter)) this.notify(name);
    // The soonest delayed job wakes the loops; later ones are found by the idle polls (within IDLE_MAX_MS).
    const soonest = jobs.reduce((min, j) => (j.delayMs && j.delayMs > 0 && j.delayMs < min ? j.delayMs : min), Number.POSITIVE_INFINITY);
    if (Number.isFinite(soonest)) this.wakeWhenDue(name, soonest);
  }

  work(name: string, handler: (payload: any) => Promise<void>, opts: WorkOptions = {}): void {
    // One job per slot, each completed as it finishes: a slow job never holds back the others (PgBossSlotWorker).
    const slots = opts.slots ?? (opts.batchSize ?? 4) * (opts.concurrency ?? 2);
    this.startWorkers(name, () => [
      new PgBossSlotWorker(this.boss, name, (job) => handler(job.data), {
        slots,
        ...this.polling(),
        onError: this.onError,
      }),
    ]);
  }

  workBatch(name: string, handler: (payloads: any[]) => Promise<void>, opts: WorkOptions = {}): void {
    this.startWorkers(name, () =>
      Array.from(
        { length: opts.concurrency ?? 2 },
        () =>
          new PgBossWorker(this.boss, name, (jobs) => handler(jobs.map((job) => job.data)), {
            batchSize: opts.batchSize ?? 4,
            ...this.polling(),
            onError: this.onError,
          }),
      ),
    );
  }

  private startWorkers(name: string, make: () => QueueWorker[]): void {
    // Registration is synchronous for callers; the queue is created and the workers started in the background.
    const start = async () => {
      await this.ensureQueue(name);
      await this.recoverOrphans(name);
      for (const worker of make()) {
        this.workers.push(worker);
        worker.start();
      }
    };
    this.starting.push(start().catch((err) => this.onError(err)));
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await Promise.allSettled(this.starting);
    this.started = false;
    await this.notifications?.stop();
    for (const t of this.dueTimers) clearTimeout(t);
    this.dueTimers.clear();
    // Running batches finish (within 10 s), heartbeats continuing meanwhile; a batch still running after that is
    // handed back as failed, so that pg-boss retries it at once rather than after LIVENESS_SECONDS.
    const finished = Promise.allSettled(this.workers.map((w) => w.stop()));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
    clearTimeout(timer);
    this.heartbeat.stop();
    for (const [name, ids] of groupByName(this.workers.flatMap((w) => [...w.held])))
      await failJobs(this.boss, name, ids, { reason: 'process stopped while running the job' }).catch(this.onError);
    this.connectionWatch?.stop();
    await this.boss.stop({ graceful: false, close: true });
  }

  /** Wakes this process's idle workers of a queue that was just sent a job due now. */
  private notify(name: string): void {
    for (const w of this.workers) if (w.name === name) w.notify();
  }

  /**
   * PostgreSQL: installs the job table's trigger and listens on the schema's channel. A job sent by another process
   * wakes one of this process's loops of its queue (each process's own sends wake all of its own loops; one more
   * fetch per process is enough to share a job sent elsewhere). Once listening (again), every loop fetches at once:
   * what was sent while nobody listened is found.
   */
  private async listen(url: string, db: Db, schema: string): Promise<void> {
    await installJobTrigger(db, schema);
    let turn = 0;
    this.notifications = new JobNotifications({
      url,
      schema,
      onJob: (name) => {
        const loops = this.workers.filter((w) => w.name === name);
        loops[turn++ % Math.max(1, loops.length)]?.notify();
      },
      onListening: () => {
        for (const w of this.workers) w.notify();
      },
      onError: this.onError,
    });
    await this.notifications.start();
  }

  /**
   * The fetch loops' idle waits. Where every job due now wakes a loop (on the embedded store this process is the only
   * one and every send is its own; on PostgreSQL while it listens for every process's sends), and a delayed one sent
   * here wakes it when due (wakeWhenDue), an idle loop may poll ever less often, up to IDLE_MAX_MS, for what else comes
   * due (retries, expiries, a delayed job of a process that died). On PostgreSQL while not listening, the loops poll at
   * the interval.
   */
  private polling(): { pollingIntervalMs: number; idleMaxMs: number | (() => number) } {
    const pollingIntervalMs = this.pollingIntervalSeconds * 1000;
    const idleMaxMs = Math.max(pollingIntervalMs, IDLE_MAX_MS);
    if (this.exclusive) return { pollingIntervalMs, idleMaxMs };
    return { pollingIntervalMs, idleMaxMs: () => (this.notifications?.listening ? idleMaxMs : pollingIntervalMs) };
  }

  /** Wakes a queue's loops when a job sent with a delay by this process comes due (within WAKE_WITHIN_MS). */
  private wakeWhenDue(name: string, delayMs: number): void {
    if (delayMs > WAKE_WITHIN_MS) return;
    const timer = setTimeout(() => {
      this.dueTimers.delete(timer);
      this.notify(name);
    }, delayMs);
    timer.unref();
    this.dueTimers.add(timer);
  }

  /**
   * On the embedded store no other process can be running a job, so a job still active at start was
   * cut off by a crash: hand it back to pg-boss as failed, which retries it now instead of after its
   * heartbeat times out.
   */
  private async recoverOrphans(name: string): Promise<void> {
    if (!this.exclusive) return;
    const { db, schema } = this.exclusive;
    const rows = await db.query<{ id: string }>(`select id from ${schema}.job where name = $1 and state = 'active'`, [name]);
    if (rows.length)
      await failJobs(
        this.boss,
        name,
        rows.map((r) => r.id),
        { reason: 'process stopped while running the job' },
      );
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.created.has(name)) return;
    // pg-boss 10 makes a partition per queue, and two creations at once can deadlock on PostgreSQL: this process's
    // run one after another, and one that lost a deadlock to another process is tried again.
    const create = this.creating.then(async () => {
      if (this.created.has(name)) return;
      for (let attempt = 1; ; attempt++) {
        try {
          // A queue that exists is left as it is (pg-boss inserts with on conflict do nothing).
          await this.boss.createQueue(name, { name, ...JOB_POLICY, expireInSeconds: this.livenessSeconds });
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
        }
      }
      this.created.add(name);
    });
    this.creating = create.catch(() => undefined);
    await create;
  }
}

/** pg-boss's options for a job sent with `opts`. */
function jobOptions(name: string, opts: SendOptions): { id?: string; startAfter?: Date } {
  return {
    // A deterministic id makes a repeated send with the same key a no-op (pg-boss ignores a known id).
    ...(opts.key ? { id: uuidFromKey(`${name}:${opts.key}`) } : {}),
    ...(opts.delayMs && opts.delayMs > 0 ? { startAfter: new Date(Date.now() + opts.delayMs) } : {}),
  };
}

/** Job ids by queue name. */
function groupByName(jobs: readonly { name: string; id: string }[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { name, id } of jobs) byName.set(name, [...(byName.get(name) ?? []), id]);
  return byName;
}

/**
 * pg-boss 10 leaves a schema made by a later pg-boss as it is and then fails on its tables one query at a time;
 * say so at start instead. (Jobs are re-sent from the store's open work at start, so dropping the schema is safe.)
 */
async function assertSchemaVersion({ db, schema }: PgBossQueueOptions): Promise<void> {
  const [table] = await db.query<{ present: boolean }>('select to_regclass($1) is not null as present', [`${schema}.version`]);
  if (!table?.present) return;
  const [row] = await db.query<{ version: number | null }>(`select max(version::int) as version from ${schema}.version`);
  if (row?.version != null && row.version > SCHEMA_VERSION)
    throw new Error(
      `the job schema "${schema}" is at pg-boss schema version ${row.version}, newer than this build's ${SCHEMA_VERSION}: drop it (open work is re-sent at start)`,
    );
}

/** pg-boss's database interface over the store's port: parameterised single statements, or parameterless blocks. */
function adapterFor(db: Db) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: await db.query(text, values) };
      return { rows: await db.exec(text) };
    },
  };
}

/** A UUID (v4 layout) derived from a key, so the same key always names the same job. */
export function uuidFromKey(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
