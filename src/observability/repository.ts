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

  /**
   * Credit cents charged since the start of the store, by register country code: the folded totals (`charged_totals`)
   * and the charged events after them, read account by account through the index of each account's events by time.
   * Its cost follows the number of accounts and of the last minutes' events, not the store's history. The totals and
   * their bound are read in one snapshot (a fold committing between two reads would count its events twice); the bound
   * is a parameter, not a join, so that the planner reads each account's events from it rather than all of them.
   */
  async chargedByRegister(): Promise<{ countryCode: string; amount: number }[]> {
    await this.foldChargedTotals();
    const rows = await this.db.transaction(async (tx) => {
      await tx.query('set transaction isolation level repeatable read');
      const [state] = await tx.query<{ through: string }>('select through::text as through from charged_totals_state where id = 1');
      return tx.query<{ country_code: string; amount: string }>(
        `select country_code, sum(amount)::text as amount
           from (select country_code, amount from charged_totals
                 union all
                 select e.country_code, e.amount from ${chargedEventsAfter('$1')}) t
          group by country_code`,
        [state!.through],
      );
    });
    return rows.map((r) => ({ countryCode: r.country_code, amount: Number(r.amount) }));
  }

  /**
   * Adds the charged events between the folded totals and ten minutes ago to them, once they are twenty minutes
   * behind; the totals and their bound move in one transaction. One process folds at a time: the others skip the
   * locked state row. The bound is the database's clock (events of a sandbox clock moved forward stay with the recent
   * ones until it has passed them).
   */
  private async foldChargedTotals(): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [state] = await tx.query<{ through: string; bound: string }>(
        `select through::text as through, (now() - interval '10 minutes')::text as bound from charged_totals_state
          where id = 1 and through < now() - interval '20 minutes' for update skip locked`,
      );
      if (!state) return;
      await tx.query(
        `with folded as (
           select e.country_code, sum(e.amount)::int8 as amount from ${chargedEventsAfter('$1', '$2')}
            group by e.country_code
         ), added as (
           insert into charged_totals (country_code, amount) select country_code, amount from folded
           on conflict (country_code) do update set amount = charged_totals.amount + excluded.amount
         )
         update charged_totals_state set through = $2::timestamptz where id = 1`,
        [state.through, state.bound],
      );
    });
  }

  /** When the newest completed open-data snapshot finished; undefined before the first. */
  async lastSnapshotFinishedAt(): Promise<Date | undefined> {
    const [row] = await this.db.query<{ at: Date | null }>(`select max(finished_at) as at from us_ny_snapshots where status = 'done'`);
    return row?.at ? new Date(row.at) : undefined;
  }
}

/**
 * The charged events created after the timestamp parameter `after` (and up to `upTo`), as `e`: read account by
 * account through each account's events by time, so that only those events are read.
 */
function chargedEventsAfter(after: string, upTo?: string): string {
  return `accounts a
    cross join lateral (select country_code, amount from billing_events b
                         where b.account_id = a.id and b.created_at > ${after}::timestamptz
                           ${upTo ? `and b.created_at <= ${upTo}::timestamptz` : ''} and b.status = 'charged') e`;
}
