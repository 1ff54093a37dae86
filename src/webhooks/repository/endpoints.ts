import type { Db, Queryable } from '../../store/db.ts';
import { paramAt, type StatementPartBuilder } from '../../store/statement.ts';
import type { Endpoint } from '../types.ts';

const COLUMNS = `id, account_id as "accountId", url, description, status, disabled_reason as "disabledReason", created_at as "createdAt"`;

/** Webhook endpoints and their signing secrets. A deleted endpoint is kept, marked, and invisible here. */
export class EndpointRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Queryable, row: Endpoint, secret: string): Promise<void> {
    await tx.query(`insert into webhook_endpoints (id, account_id, url, description, status, created_at) values ($1, $2, $3, $4, $5, $6)`, [
      row.id,
      row.accountId,
      row.url,
      row.description,
      row.status,
      row.createdAt,
    ]);
    await tx.query('insert into webhook_secrets (endpoint_id, secret, created_at) values ($1, $2, $3)', [row.id, secret, row.createdAt]);
  }

  async list(accountId: string): Promise<Endpoint[]> {
    return this.db.query<Endpoint>(
      `select ${COLUMNS} from webhook_endpoints where account_id = $1 and deleted_at is null order by created_at, id`,
      [accountId],
    );
  }

  async count(accountId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(
      'select count(*)::int8 as n from webhook_endpoints where account_id = $1 and deleted_at is null',
      [accountId],
    );
    return row?.n ?? 0;
  }

  /** The endpoint when it exists, is not deleted and belongs to the account. */
  async get(accountId: string, id: string, tx: Queryable = this.db): Promise<Endpoint | undefined> {
    const [row] = await tx.query<Endpoint>(
      `select ${COLUMNS} from webhook_endpoints where id = $1 and account_id = $2 and deleted_at is null`,
      [id, accountId],
    );
    return row;
  }

  /**
   * Whether the account has an endpoint that receives new events, as a part of another statement (its expression
   * `webhook_listened`, one row with `listened`): the settlement of a request's outcome reads it with the items.
   */
  listenedPart(accountId: string): StatementPartBuilder {
    return (offset) => ({
      ctes: `webhook_listened as (
         select exists(select 1 from webhook_endpoints
                        where account_id = ${paramAt(offset)(1)}::text and deleted_at is null and status = 'enabled') as listened
       )`,
      params: [accountId],
    });
  }

  /** Endpoints that receive new events. */
  async enabledIds(tx: Queryable, accountId: string): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(
      `select id from webhook_endpoints where account_id = $1 and deleted_at is null and status = 'enabled' order by id`,
      [accountId],
    );
    return rows.map((r) => r.id);
  }

  async markDeleted(tx: Queryable, accountId: string, id: string, now: Date): Promise<boolean> {
    const rows = await tx.query(
      'update webhook_endpoints set deleted_at = $3 where id = $1 and account_id = $2 and deleted_at is null returning id',
      [id, accountId, now],
    );
    return rows.length > 0;
  }

  async disable(tx: Queryable, id: string, reason: string, now: Date): Promise<void> {
    await tx.query(
      `update webhook_endpoints set status = 'disabled', disabled_reason = $2, disabled_at = $3 where id = $1 and status = 'enabled'`,
      [id, reason, now],
    );
  }

  /**
   * Adds `secret` as the current secret; the secrets that were current keep signing until `graceUntil`
   * (one already expiring sooner keeps its earlier end).
   */
  async rotate(tx: Queryable, endpointId: string, secret: string, now: Date, graceUntil: Date): Promise<void> {
    await tx.query(`update webhook_secrets set expires_at = $2 where endpoint_id = $1 and (expires_at is null or expires_at > $2)`, [
      endpointId,
      graceUntil,
    ]);
    await tx.query('insert into webhook_secrets (endpoint_id, secret, created_at) values ($1, $2, $3)', [endpointId, secret, now]);
  }
}
