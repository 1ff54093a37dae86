import type { Db } from '../../store/db.ts';

/**
 * Read-only view of the request engine's `requests.updated_at`, the version of a request's state. It lets
 * `company.updated` be emitted once per state and be caught up after a crash (see CompanyUpdates).
 */
export class RequestVersions {
  constructor(private readonly db: Db) {}

  async of(requestId: string): Promise<Date | undefined> {
    const [row] = await this.db.query<{ updatedAt: Date }>('select updated_at as "updatedAt" from requests where id = $1', [requestId]);
    return row?.updatedAt;
  }

  /**
   * Requests changed since `since` whose latest state has no `company.updated` message although the account
   * had an enabled endpoint at the time of the change: the event was lost between the change and its message.
   */
  async missed(since: Date, limit: number): Promise<{ accountId: string; requestId: string }[]> {
    return this.db.query(
      `select r.account_id as "accountId", r.id as "requestId" from requests r
        where r.updated_at > $1
          and exists (select 1 from webhook_endpoints e where e.account_id = r.account_id and e.deleted_at is null
                        and e.status = 'enabled' and e.created_at <= r.updated_at)
          and not exists (select 1 from webhook_messages m where m.account_id = r.account_id and m.event_type = 'company.updated'
                        and m.subject = r.id and m.version >= r.updated_at)
        order by r.updated_at limit $2`,
      [since, limit],
    );
  }
}
