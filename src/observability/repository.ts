import type { Db } from '../store/db.ts';

/**
 * The store's figures that the metrics report: the job engine's queues (schema `jobsSchema`), credits charged, and
 * the newest open-data snapshot. Read at each scrape; they describe the shared database, not this process.
 */
export class StoreFigures {
  constructor(
    private readonly db: Db,
    private readonly jobsSchema: string,
  ) {}

  /** Jobs waiting (created, retry) or running (active), by queue and state. */
  jobsByQueueAndState(): Promise<{ name: string; state: string; n: number }[]> {
    return this.db.query(
      `select name, state::text as state, count(*)::int as n from ${this.jobsSchema}.job
        where state in ('created', 'retry', 'active') group by name, state`,
    );
  }

  /** Seconds the oldest due job of each queue has waited for a worker (database clock). */
  oldestDueJobAge(): Promise<{ name: string; age: number }[]> {
    return this.db.query(
      `select name, extract(epoch from now() - min(start_after))::float8 as age from ${this.jobsSchema}.job
        where state in ('created', 'retry') and start_after <= now() group by name`,
    );
  }

  /** Credit cents charged since the start of the store, by register country code. */
  async chargedByRegister(): Promise<{ countryCode: string; amount: number }[]> {
    const rows = await this.db.query<{ country_code: string; amount: string }>(
      `select country_code, sum(amount)::text as amount from billing_events where status = 'charged' group by country_code`,
    );
    return rows.map((r) => ({ countryCode: r.country_code, amount: Number(r.amount) }));
  }

  /** When the newest completed open-data snapshot finished; undefined before the first. */
  async lastSnapshotFinishedAt(): Promise<Date | undefined> {
    const [row] = await this.db.query<{ at: Date | null }>(`select max(finished_at) as at from us_ny_snapshots where status = 'done'`);
    return row?.at ? new Date(row.at) : undefined;
  }
}
