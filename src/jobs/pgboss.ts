import { createHash } from 'node:crypto';
import { PgBoss } from 'pg-boss';
import type { Db } from '../store/db.ts';
import type { JobToSend, SendOptions, WorkOptions, WorkQueue } from './queue.ts';

export interface PgBossQueueOptions {
  /** PostgreSQL: pg-boss runs its own pool (and LISTEN/NOTIFY) on this URL. Unset: through `db` (PGlite). */
  databaseUrl?: string;
  db: Db;
  /** The schema that holds pg-boss's tables; tests give each file its own. */
  schema: string;
  /** Idle poll interval in seconds (>= 0.5). */
  pollingIntervalSeconds?: number;
  onError?: (err: unknown) => void;
}

/**
 * Every job: retried by pg-boss when its handler throws or its process dies (a missed heartbeat), with
 * backoff. Domain retry schedules (register outages, webhook attempts) are separate sends.
 */
const JOB_POLICY = {
  retryLimit: 8,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 300,
  // Long enough for the slowest register attempt (CN reports take up to 7 minutes).
  expireInSeconds: 15 * 60,
  // A job whose process was killed is noticed within about this long and retried.
  heartbeatSeconds: 10,
} as const;

/**
 * The durable job engine: pg-boss on PostgreSQL or on the embedded PGlite (through the store's port).
 * Several processes on one PostgreSQL share the queues; each job runs once at a time.
 */
export class PgBossQueue implements WorkQueue {
  private readonly created = new Set<string>();
  private readonly starting: Promise<void>[] = [];
  private started = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly pollingIntervalSeconds: number,
    private readonly onError: (err: unknown) => void,
    /** Set on the embedded store, where the lockfile makes this the only process. */
    private readonly exclusive?: { db: Db; schema: string },
  ) {}

  static async start(opts: PgBossQueueOptions): Promise<PgBossQueue> {
    const common = {
      schema: opts.schema,
      superviseIntervalSeconds: 5,
      monitorIntervalSeconds: 30,
      // pg-boss's cron scheduler is not used: monitors keep their own due times on the service clock.
      schedule: false,
    };
    const boss = opts.databaseUrl
      ? new PgBoss({ ...common, connectionString: opts.databaseUrl, max: 4, useListenNotify: true })
      : new PgBoss({ ...common, backend: 'pglite', db: adapterFor(opts.db) });
    boss.on('error', (err) => opts.onError?.(err));
    await boss.start();
    const queue = new PgBossQueue(
      boss,
      opts.pollingIntervalSeconds ?? 0.5,
      opts.onError ?? (() => undefined),
      opts.databaseUrl ? undefined : { db: opts.db, schema: opts.schema },
    );
    queue.started = true;
    return queue;
  }

  async send(name: string, payload: object, opts: SendOptions = {}): Promise<void> {
    await this.ensureQueue(name);
    await this.boss.send(name, payload, jobOptions(name, opts));
  }

  async sendMany(name: string, jobs: readonly JobToSend[]): Promise<void> {
    if (!jobs.length) return;
    await this.ensureQueue(name);
    // One statement for all (pg-boss's `insert`, which takes the queue's policy as `send` does). Its rows are
    // inserted with on conflict do nothing, so a known id is skipped as with `send`; ids repeated within the
    // call are dropped here, since pg-boss refuses those.
    const seen = new Set<string>();
    const rows: { data: object; id?: string; startAfter?: Date }[] = [];
    for (const { payload, ...opts } of jobs) {
      const options = jobOptions(name, opts);
      if (options.id) {
        if (seen.has(options.id)) continue;
        seen.add(options.id);
      }
      rows.push({ data: payload, ...options });
    }
    if (rows.length === 1) {
      const { data, ...options } = rows[0]!;
      await this.boss.send(name, data, options);
    } else await this.boss.insert(name, rows);
  }

  work(name: string, handler: (payload: any) => Promise<void>, opts: WorkOptions = {}): void {
    this.workBatch(
      name,
      async (payloads) => {
        // Every job of the batch runs; if one failed, pg-boss retries the whole batch (handlers are idempotent).
        const results = await Promise.allSettled(payloads.map((p) => handler(p)));
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw (failed as PromiseRejectedResult).reason;
      },
      opts,
    );
  }

  workBatch(name: string, handler: (payloads: any[]) => Promise<void>, opts: WorkOptions = {}): void {
    // Registration is synchronous for callers; the queue is created and the worker started in the background.
    const start = async () => {
      await this.ensureQueue(name);
      await this.recoverOrphans(name);
      await this.boss.work(
        name,
        {
          pollingIntervalSeconds: this.pollingIntervalSeconds,
          batchSize: opts.batchSize ?? 4,
          localConcurrency: opts.concurrency ?? 2,
          // While fetches come back full there is a backlog: fetch again at once instead of after the poll interval.
          burstWhenBatchFull: true,
        },
        (jobs) => handler(jobs.map((job) => job.data)),
      );
    };
    this.starting.push(start().catch((err) => this.onError(err)));
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await Promise.allSettled(this.starting);
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
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
      await this.boss.fail(
        name,
        rows.map((r) => r.id),
        { reason: 'process stopped while running the job' },
      );
  }

  private async ensureQueue(name: string): Promise<void> {
    if (this.created.has(name)) return;
    await this.boss.createQueue(name, { ...JOB_POLICY }).catch((err) => {
      if (!/already exists/i.test(String(err))) throw err;
    });
    this.created.add(name);
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
