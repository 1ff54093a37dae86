import { openStore } from '../../src/store/open.ts';

/** What the store holds after a benchmark's load, once the service has stopped: money and work accounted for. */
export interface LedgerCheck {
  requests: number;
  /** Accounts whose balance row differs from the sum of their ledger entries, or that have none. */
  balanceMismatches: number;
  /** Accounts whose balance differs from their grants minus their charged events (holds all released). */
  chargeMismatches: number;
  /** Units of one company charged more than once to one account (the bench runs minutes: all within the window). */
  chargedTwice: number;
  /** Reservations still held, and items still open, after the service stopped with nothing in flight. */
  openReservations: number;
  openItems: number;
}

/**
 * Nothing lost or charged twice under load (issue 22): read from the store the service used, after it stopped.
 * `env`: the storage environment the service ran with (DATABASE_URL and DATABASE_SCHEMA, or DATA_DIR).
 */
export async function checkLedger(env: Record<string, string>): Promise<LedgerCheck> {
  const db = await openStore({
    databaseUrl: env.DATABASE_URL,
    schema: env.DATABASE_SCHEMA,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
  });
  try {
    const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]?.n ?? 0);
    return {
      requests: await count('select count(*)::int as n from requests'),
      balanceMismatches: await count(
        `select count(*)::int as n from accounts a left join account_balances b on b.account_id = a.id
          where b.balance is distinct from (select coalesce(sum(l.amount), 0) from ledger_entries l where l.account_id = a.id)`,
      ),
      chargeMismatches: await count(
        `select count(*)::int as n from accounts a left join account_balances b on b.account_id = a.id
          where b.balance is distinct from (select coalesce(sum(l.amount), 0) from ledger_entries l where l.account_id = a.id and l.kind in ('grant', 'adjustment', 'refund'))
                            - (select coalesce(sum(e.amount), 0) from billing_events e where e.account_id = a.id and e.status = 'charged')`,
      ),
      chargedTwice: await count(
        `select count(*)::int as n from (
           select 1 from billing_events where status = 'charged'
            group by account_id, country_code, company_id, unit_key having count(*) > 1) twice`,
      ),
      openReservations: await count(`select count(*)::int as n from billing_reservations where state in ('reserved', 'awaiting')`),
      openItems: await count(`select count(*)::int as n from request_items where status in ('in_progress', 'enriching')`),
    };
  } finally {
    await db.close();
  }
}
