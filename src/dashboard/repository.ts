import type { Db } from '../store/db.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';

export interface RequestSummary {
  id: string;
  countryCode: string;
  companyId: string;
  companyLegalName: string | null;
  mode: string;
  createdAt: Date;
  /** Every data point and document with its status and cost. */
  items: { kind: string; name: string; status: string; cost: number }[];
}

export interface UsageDay {
  day: string;
  charged: number;
  events: number;
}

/**
 * The dashboard's read models that the public API has no operation for yet: an account's requests as a list, and
 * its spending per day. Each is one indexed query scoped to the account.
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  /** The account's requests, newest first, a page at a time (cursor: creation time and id of the last row). */
  async requests(accountId: string, q: { first: number; after?: string }): Promise<{ requests: RequestSummary[]; nextCursor?: string }> {
    const before = q.after ? decodeCursor(q.after) : undefined;
    const rows = await this.db.query<RequestSummary>(
      `select r.id, r.country_code as "countryCode", r.company_id as "companyId", r.company_legal_name as "companyLegalName",
              r.mode, r.created_at as "createdAt",
              coalesce((select json_agg(json_build_object('kind', i.kind, 'name', i.name, 'status', i.status, 'cost', i.cost)
                                  order by i.kind desc, i.name)
                          from request_items i where i.request_id = r.id), '[]'::json) as items
         from requests r
        where r.account_id = $1 and ($2::timestamptz is null or (r.created_at, r.id) < ($2, $3))
        order by r.created_at desc, r.id desc limit $4`,
      [accountId, before?.createdAt ?? null, before?.id ?? '', q.first + 1],
    );
    const page = rows.slice(0, q.first);
    const last = page[page.length - 1];
    return { requests: page, ...(rows.length > q.first && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}) };
  }

  /**
   * Spending per UTC day since `since` (service clock), newest first. Grouped on the date alone and without a
   * distinct count: with 10,000 events in the window this is the billing page's largest query (bench/dashboard.ts).
   */
  async usagePerDay(accountId: string, since: Date): Promise<UsageDay[]> {
    const rows = await this.db.query<{ day: Date | string; charged: number; events: number }>(
      `select (created_at at time zone 'UTC')::date::text as day, sum(amount)::int8 as charged, count(*)::int8 as events
         from billing_events where account_id = $1 and created_at >= $2
        group by 1 order by 1 desc`,
      [accountId, since],
    );
    return rows.map((r) => ({ day: String(r.day), charged: r.charged, events: r.events }));
  }

  /**
   * The last `monitor.notification` sent for a monitor (its payload as delivered), when the account had an endpoint
   * to send it to. Newest message first by id (ids sort by creation).
   */
  async lastNotification(accountId: string, monitorId: string): Promise<{ createdAt: Date; body: string } | undefined> {
    const [row] = await this.db.query<{ createdAt: Date; body: string }>(
      `select created_at as "createdAt", body from webhook_messages
        where account_id = $1 and event_type = 'monitor.notification' and (body::jsonb ->> 'monitorId') = $2
        order by id desc limit 1`,
      [accountId, monitorId],
    );
    return row;
  }
}
