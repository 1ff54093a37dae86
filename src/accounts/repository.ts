import type { Db, Queryable } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { Account, AccountFeatures, ApiKeyRow } from './types.ts';

/** A key as stored: its hash and a prefix to show, never the key. */
export interface StoredKey {
  id: string;
  accountId: string;
  hash: string;
  prefix: string;
  name?: string;
  createdAt: Date;
}

/**
 * Accounts and their API keys (tables accounts, api_keys). Statements that must share a transaction take the
 * caller's `tx`; the services decide what a transaction holds.
 */
export class AccountRepository {
  constructor(private readonly db: Db) {}

  /** Serialises first starts: the transaction-scoped advisory lock `lock` (held until `tx` ends). */
  async lockAdvisory(tx: Queryable, lock: number): Promise<void> {
    await tx.query('select pg_advisory_xact_lock($1)', [lock]);
  }

  async count(tx: Queryable = this.db): Promise<number> {
    const [row] = await tx.query<{ n: number }>('select count(*)::int8 as n from accounts');
    return row?.n ?? 0;
  }

  /** The account and its balance row (0: credits come as ledger entries). */
  async insertAccount(tx: Queryable, account: Account, now: Date): Promise<void> {
    await tx.query(
      `with account as (insert into accounts (id, name, features, created_at) values ($1, $2, $3::jsonb, $4) returning id)
       insert into account_balances (account_id, balance) select id, 0 from account`,
      [account.id, account.name, json(account.features), now],
    );
  }

  /** The account's first key; false, with nothing written, when the hash is another account's already. */
  async insertFirstKey(tx: Queryable, key: Omit<StoredKey, 'name'>): Promise<boolean> {
    const keys = await tx.query(
      `insert into api_keys (id, account_id, key_hash, key_prefix, created_at) values ($1, $2, $3, $4, $5)
        on conflict (key_hash) do nothing returning id`,
      [key.id, key.accountId, key.hash, key.prefix, key.createdAt],
    );
    return keys.length > 0;
  }

  async deleteAccount(tx: Queryable, id: string): Promise<void> {
    await tx.query('with balance as (delete from account_balances where account_id = $1) delete from accounts where id = $1', [id]);
  }

  /** The account of a key hash that is not revoked. */
  async ofWorkingKey(hash: string): Promise<Account | undefined> {
    const [row] = await this.db.query<{ id: string; name: string; features: AccountFeatures }>(
      `select a.id, a.name, a.features from api_keys k join accounts a on a.id = k.account_id
          where k.key_hash = $1 and k.revoked_at is null`,
      [hash],
    );
    return row ? { id: row.id, name: row.name, features: row.features ?? {} } : undefined;
  }

  /** The account a key hash belongs to, revoked or not. */
  async ofAnyKey(hash: string): Promise<Account | undefined> {
    const [row] = await this.db.query<Account>(
      'select a.id, a.name, a.features from api_keys k join accounts a on a.id = k.account_id where k.key_hash = $1',
      [hash],
    );
    return row ? { ...row, features: row.features ?? {} } : undefined;
  }

  async get(id: string): Promise<Account | undefined> {
    const [row] = await this.db.query<Account>('select id, name, features from accounts where id = $1', [id]);
    return row;
  }

  /** Revokes a working key of the account; the hashes revoked (none when there was no such key). */
  async revokeWorkingKey(accountId: string, keyId: string, at: Date): Promise<string[]> {
    const rows = await this.db.query<{ hash: string }>(
      `update api_keys set revoked_at = $3 where id = $1 and account_id = $2 and revoked_at is null returning key_hash as hash`,
      [keyId, accountId, at],
    );
    return rows.map((r) => r.hash);
  }

  /** A further, named key of an account. */
  async insertKey(key: StoredKey): Promise<void> {
    await this.db.query('insert into api_keys (id, account_id, key_hash, key_prefix, name, created_at) values ($1, $2, $3, $4, $5, $6)', [
      key.id,
      key.accountId,
      key.hash,
      key.prefix,
      key.name,
      key.createdAt,
    ]);
  }

  /** The account's working keys, oldest first. */
  listKeys(accountId: string): Promise<ApiKeyRow[]> {
    return this.db.query<ApiKeyRow>(
      `select id, name, key_prefix as prefix, created_at as "createdAt", last_used_at as "lastUsedAt"
         from api_keys where account_id = $1 and revoked_at is null order by created_at, id`,
      [accountId],
    );
  }

  /** Locks the account's row until `tx` ends (orders changes to its keys). */
  async lockAccount(tx: Queryable, accountId: string): Promise<void> {
    await tx.query('select id from accounts where id = $1 for update', [accountId]);
  }

  /** The ids of the account's working keys. */
  async workingKeyIds(tx: Queryable, accountId: string): Promise<string[]> {
    const keys = await tx.query<{ id: string }>('select id from api_keys where account_id = $1 and revoked_at is null', [accountId]);
    return keys.map((k) => k.id);
  }

  /** Revokes a key of the account; the hashes revoked. */
  async revokeKey(tx: Queryable, accountId: string, keyId: string, at: Date): Promise<string[]> {
    const revoked = await tx.query<{ hash: string }>(
      'update api_keys set revoked_at = $3 where id = $1 and account_id = $2 returning key_hash as hash',
      [keyId, accountId, at],
    );
    return revoked.map((r) => r.hash);
  }

  /** Moves a key's last use forward to `at` (never back: processes write out of order). */
  async touchKey(hash: string, at: Date): Promise<void> {
    await this.db.query('update api_keys set last_used_at = $2 where key_hash = $1 and (last_used_at is null or last_used_at < $2)', [
      hash,
      at,
    ]);
  }
}
