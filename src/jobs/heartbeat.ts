import type PgBoss from 'pg-boss';
import type { HeldJob } from './pgboss-worker.ts';

/**
 * How long a job may go without a heartbeat before pg-boss takes its process for dead and retries it: the
 * queues' `expireInSeconds`. Several heartbeats long, so that a busy event loop is not taken for a dead one.
 */
export const LIVENESS_SECONDS = 30;

/** Beats per liveness window. */
const BEATS_PER_WINDOW = 6;

/**
 * pg-boss 12 had heartbeats (`heartbeatSeconds`); 10 only expires a job `expireInSeconds` after its start. So
 * the queues expire after LIVENESS_SECONDS (BEATS_PER_WINDOW beats), and this moves the `started_on` of every
 * job this process holds to now at each beat: pg-boss's maintenance then fails (and retries) only the jobs of a process that stopped
 * beating, within about LIVENESS_SECONDS. `started_on` therefore means "last seen alive" for an active job.
 * The handler's own time limit is the worker's (HANDLER_TIME_LIMIT_MS).
 */
export class Heartbeat {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly boss: PgBoss,
    private readonly schema: string,
    private readonly held: () => Iterable<HeldJob>,
    private readonly onError: (err: unknown) => void,
    private readonly livenessSeconds = LIVENESS_SECONDS,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.beat().catch(this.onError), (this.livenessSeconds * 1000) / BEATS_PER_WINDOW);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async beat(): Promise<void> {
    const names: string[] = [];
    const ids: string[] = [];
    for (const job of this.held()) {
      names.push(job.name);
      ids.push(job.id);
    }
    if (!ids.length) return;
    await this.boss.getDb().executeSql(
      `update ${this.schema}.job j set started_on = now() from unnest($1::text[], $2::uuid[]) as h(name, id)
         where j.name = h.name and j.id = h.id and j.state = 'active'`,
      [names, ids],
    );
  }
}
