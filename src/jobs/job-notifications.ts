import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../store/db.ts';

/** The trigger (and its function) that notifies the channel of each job inserted due now. */
const TRIGGER = 'registrum_job_sent';
/** Reconnection after the listening connection is lost: from this, doubling, up to RETRY_MAX_MS. */
const RETRY_MS = 1000;
const RETRY_MAX_MS = 30_000;

/** The channel of a jobs schema: NOTIFY is per database, and tests run many job schemas side by side in one. */
export function channelOf(schema: string): string {
  const name = `jobs_${schema}`;
  return name.length <= 63 ? name : `jobs_${createHash('sha1').update(schema).digest('hex').slice(0, 32)}`;
}

/**
 * Installs, once per jobs schema, a trigger on pg-boss's job table that notifies the schema's channel with the queue's
 * name whenever a job due now is inserted (delayed ones wake their sender's loops when due, and any loop's poll finds
 * them). The notification goes out when the sending transaction commits, in the same round trip: no statement more per
 * send. Row triggers on pg-boss's partitioned job table are copied onto every queue's partition, present and future.
 * Processes starting together install it once (an advisory lock; a trigger present is left as it is).
 */
export async function installJobTrigger(db: Db, schema: string): Promise<void> {
  const channel = channelOf(schema);
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`${TRIGGER}:${schema}`]);
    const present = await tx.query(
      `select 1 from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where t.tgname = $1 and c.relname = 'job' and n.nspname = $2 and not t.tgisinternal`,
      [TRIGGER, schema],
    );
    if (present.length) return;
    await tx.query(
      `create or replace function ${schema}.${TRIGGER}() returns trigger language plpgsql as $$
       begin
         perform pg_notify(tg_argv[0], new.name);
         return null;
       end $$`,
    );
    await tx.query(
      `create trigger ${TRIGGER} after insert on ${schema}.job for each row when (new.start_after <= now())
       execute function ${schema}.${TRIGGER}('${channel}')`,
    );
  });
}

export interface JobNotificationsOptions {
  url: string;
  schema: string;
  /** A job due now was sent to this queue, by this process or another. */
  onJob: (queue: string) => void;
  /** Listening began (or began again after a loss): what was sent meanwhile woke nothing here. */
  onListening: () => void;
  onError: (err: unknown) => void;
}

/**
 * This process's ear on the jobs schema's channel: one connection of its own that LISTENs, so that a job another
 * process sends wakes this process's idle fetch loops, as a send in this process does. While it is not listening
 * (connecting, or the connection was lost and is being made again) the loops must poll at their interval.
 */
export class JobNotifications {
  private client: pg.Client | undefined;
  private listeningNow = false;
  private stopped = false;
  private retryMs = RETRY_MS;
  private retry: NodeJS.Timeout | undefined;

  constructor(private readonly opts: JobNotificationsOptions) {}

  get listening(): boolean {
    return this.listeningNow;
  }

  /** Connects and listens; a failure is reported and retried in the background, never thrown. */
  async start(): Promise<void> {
    if (this.stopped) return;
    // TCP keepalive: a connection that dies without a word (a network partition) is found and made again. Until then,
    // other processes' jobs still wait no longer than an idle poll (IDLE_MAX_MS), as nothing here is told.
    const client = new pg.Client({ connectionString: this.opts.url, connectionTimeoutMillis: 10_000, keepAlive: true });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listeningNow = false;
      if (err && !this.stopped) this.opts.onError(err);
      void client.end().catch(() => undefined);
      this.reconnectLater();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.payload) this.opts.onJob(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen "${channelOf(this.opts.schema)}"`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.client !== client) return;
    this.listeningNow = true;
    this.retryMs = RETRY_MS;
    this.opts.onListening();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.listeningNow = false;
    await client?.end().catch(() => undefined);
  }

  private reconnectLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.start();
    }, this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
  }
}
