import type { Db } from '../store/db.ts';
import { json } from '../store/db.ts';
import { ownerIsDead } from '../store/leases.ts';

/** A key's record: the request it was first used for and, once answered, the answer. */
export interface IdempotencyRecord {
  route: string;
  fingerprint: string;
  /** Null while the first attempt is still running. */
  statusCode: number | null;
  response: unknown;
}

/** The cut-offs after which a claimed key may be taken again. */
export interface ClaimCutoffs {
  /** Keys created before this are past their window and free. */
  expiredBefore: Date;
  /** Unanswered keys recorded without a lease (before leases) and created before this are abandoned. */
  abandonedBefore: Date;
}

/** Idempotency keys (table idempotency_keys): claiming, reading, answering and releasing one account's key. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /** Takes the key when it is free, expired or abandoned (its process died); false when another attempt holds it. */
  async claim(
    accountId: string,
    key: string,
    request: { route: string; fingerprint: string },
    now: Date,
    cutoffs: ClaimCutoffs,
    leaseOwner: string | null,
  ): Promise<boolean> {
    const rows = await this.db.query(
      `insert into idempotency_keys (account_id, key, route, fingerprint, created_at, lease_owner) values ($1, $2, $3, $4, $5, $8)
       on conflict (account_id, key) do update
         set route = excluded.route, fingerprint = excluded.fingerprint, status_code = null, response = null,
             created_at = excluded.created_at, lease_owner = excluded.lease_owner
         where idempotency_keys.created_at < $6
            or (idempotency_keys.status_code is null and idempotency_keys.lease_owner is null and idempotency_keys.created_at < $7)
            or (idempotency_keys.status_code is null and ${ownerIsDead('idempotency_keys.lease_owner')})
       returning key`,
      [accountId, key, request.route, request.fingerprint, now, cutoffs.expiredBefore, cutoffs.abandonedBefore, leaseOwner],
    );
    return rows.length > 0;
  }

  async load(accountId: string, key: string): Promise<IdempotencyRecord | undefined> {
    const [row] = await this.db.query<{ route: string; fingerprint: string; status_code: number | null; response: unknown }>(
      'select route, fingerprint, status_code, response from idempotency_keys where account_id = $1 and key = $2',
      [accountId, key],
    );
    return row && { route: row.route, fingerprint: row.fingerprint, statusCode: row.status_code, response: row.response };
  }

  /** Records the answer that repeats of the key get. */
  async complete(accountId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db.query('update idempotency_keys set status_code = $3, response = $4::jsonb where account_id = $1 and key = $2', [
      accountId,
      key,
      status,
      json(body),
    ]);
  }

  /** Frees an unanswered key (the attempt failed in a way worth retrying). */
  async release(accountId: string, key: string): Promise<void> {
    await this.db.query('delete from idempotency_keys where account_id = $1 and key = $2 and status_code is null', [accountId, key]);
  }
}
