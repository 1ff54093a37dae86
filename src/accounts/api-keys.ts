import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { Db } from '../store/db.ts';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.ts';
import type { AccountRepository } from './repository.ts';
import type { ApiKeyRow } from './types.ts';

/** An account's API keys as a resource (`/v2/api-keys`, the dashboard): several per account, each stored hashed. */
export class ApiKeyService {
  constructor(
    /** Transactions only: every statement is the repository's. */
    private readonly db: Db,
    private readonly repo: AccountRepository,
    private readonly clock: Clock,
    /** Drops a revoked key from the authentication cache, so that this process refuses it at once. */
    private readonly forgetKeyHash: (hash: string) => void = () => {},
  ) {}

  /** A new key; its plain text is returned here only. */
  async create(accountId: string, name: string): Promise<ApiKeyRow & { key: string }> {
    const key = generateApiKey();
    const now = this.clock.now();
    const row: ApiKeyRow = { id: newId('key', now.getTime()), name, prefix: keyPrefix(key), createdAt: now, lastUsedAt: null };
    await this.repo.insertKey({ id: row.id, accountId, hash: hashApiKey(key), prefix: row.prefix, name, createdAt: now });
    return { ...row, key };
  }

  /** The account's working keys, oldest first (never the keys themselves: only their hashes are stored). */
  list(accountId: string): Promise<ApiKeyRow[]> {
    return this.repo.listKeys(accountId);
  }

  /**
   * Revokes a key: it answers 401 from now on. An account's last key is kept (409), so that an account cannot lock
   * itself out of the API; the account row is locked so that two revocations at once cannot remove the last two.
   */
  async revoke(accountId: string, id: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      await this.repo.lockAccount(tx, accountId);
      const keys = await this.repo.workingKeyIds(tx, accountId);
      if (!keys.includes(id)) return 'missing';
      if (keys.length === 1) return 'last';
      const revoked = await this.repo.revokeKey(tx, accountId, id, this.clock.now());
      for (const hash of revoked) this.forgetKeyHash(hash);
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
