import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { Db } from '../store/db.ts';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.ts';

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** An account's API keys as a resource (`/v2/api-keys`, the dashboard): several per account, each stored hashed. */
export class ApiKeyService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Drops a revoked key from the authentication cache, so that this process refuses it at once. */
    private readonly forgetKeyHash: (hash: string) => void = () => {},
  ) {}

  /** A new key; its plain text is returned here only. */
  async create(accountId: string, name: string): Promise<ApiKeyRow & { key: string }> {
    const key = generateApiKey();
    const now = this.clock.now();
    const row: ApiKeyRow = { id: newId('key', now.getTime()), name, prefix: keyPrefix(key), createdAt: now, lastUsedAt: null };
    await this.db.query('insert into api_keys (id, account_id, key_hash, key_prefix, name, created_at) values ($1, $2, $3, $4, $5, $6)', [
      row.id,
      accountId,
      hashApiKey(key),
      row.prefix,
      name,
      now,
    ]);
    return { ...row, key };
  }

  /** The account's working keys, oldest first (never the keys themselves: only their hashes are stored). */
  list(accountId: string): Promise<ApiKeyRow[]> {
    return this.db.query<ApiKeyRow>(
      `select id, name, key_prefix as prefix, created_at as "createdAt", last_used_at as "lastUsedAt"
         from api_keys where account_id = $1 and revoked_at is null order by created_at, id`,
      [accountId],
    );
  }

  /**
   * Revokes a key: it answers 401 from now on. An account's last key is kept (409), so that an account cannot lock
   * itself out of the API; the account row is locked so that two revocations at once cannot remove the last two.
   */
  async revoke(accountId: string, id: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      await tx.query('select id from accounts where id = $1 for update', [accountId]);
      const keys = await tx.query<{ id: string }>('select id from api_keys where account_id = $1 and revoked_at is null', [accountId]);
      if (!keys.some((k) => k.id === id)) return 'missing';
      if (keys.length === 1) return 'last';
      const revoked = await tx.query<{ hash: string }>(
        'update api_keys set revoked_at = $3 where id = $1 and account_id = $2 returning key_hash as hash',
        [id, accountId, this.clock.now()],
      );
      for (const row of revoked) this.forgetKeyHash(row.hash);
      return 'revoked';
    });
    // Another account's key, and a revoked one, are indistinguishable from none.
    if (outcome === 'missing') throw new ApiError('resource_not_found', `no API key ${id}`);
    if (outcome === 'last') {
      throw new ApiError(
        'invalid_request',
        'this is the account’s last API key',
        ['create another key first, then revoke this one'],
        undefined,
        409,
      );
    }
  }
}
