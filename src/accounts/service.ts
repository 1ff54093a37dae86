import type { Db, Queryable } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Ledger } from '../billing/ledger.ts';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.ts';
import { KeyCache } from './key-cache.ts';

/**
 * Registers enabled for the account, by their manifests' feature keys (spec §2.11: a gated register answers 400
 * until enabled on the workspace).
 */
export type AccountFeatures = Record<string, boolean | undefined>;

export interface Account {
  id: string;
  name: string;
  features: AccountFeatures;
}

export interface CreatedAccount extends Account {
  apiKey: string;
  balanceInCreditCents: number;
}

export interface NewAccount {
  name: string;
  credits?: number;
  features?: AccountFeatures;
  apiKey?: string;
}

/** The advisory lock under which a first start creates its default account. */
const FIRST_ACCOUNT_LOCK = 7340292;

export class AccountService {
  private readonly keys = new KeyCache();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Creates an account with one API key (returned in plain text here, and never again). `within` runs in the same
   * transaction once the account exists (its first dashboard user): when it throws, nothing is created.
   */
  async create<T = undefined>(
    input: NewAccount,
    within?: (tx: Queryable, account: Account) => Promise<T>,
  ): Promise<CreatedAccount & { extra?: T }> {
    const apiKey = input.apiKey ?? generateApiKey();
    const account = this.newAccount(input);
    const extra = await this.db.transaction(async (tx) => {
      if (!(await this.insert(tx, account, apiKey, input.credits))) throw new Error('the API key belongs to another account');
      return within?.(tx, account);
    });
    return { ...account, apiKey, balanceInCreditCents: input.credits ?? 0, ...(extra === undefined ? {} : { extra }) };
  }

  /**
   * Creates the first account, or nothing when one exists (the default account of a first start). Processes
   * starting together on one database take turns on an advisory lock, so only one of them creates it.
   */
  async createFirst<T = undefined>(
    input: NewAccount,
    within?: (tx: Queryable, account: Account) => Promise<T>,
  ): Promise<(CreatedAccount & { extra?: T }) | undefined> {
    const apiKey = input.apiKey ?? generateApiKey();
    const account = this.newAccount(input);
    const created = await this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK]);
      const [row] = await tx.query<{ n: number }>('select count(*)::int8 as n from accounts');
      if (row?.n) return undefined;
      if (!(await this.insert(tx, account, apiKey, input.credits))) return undefined;
      return { extra: await within?.(tx, account) };
    });
    if (!created) return undefined;
    return {
      ...account,
      apiKey,
      balanceInCreditCents: input.credits ?? 0,
      ...(created.extra === undefined ? {} : { extra: created.extra }),
    };
  }

  private newAccount(input: NewAccount): Account {
    return { id: newId('acc', this.clock.now().getTime()), name: input.name, features: input.features ?? {} };
  }

  /**
   * Inserts the account, its key and its opening credits; false, with nothing inserted, when the key belongs to
   * an account already (the key's unique hash decides, so concurrent inserts of one key cannot both succeed).
   */
  private async insert(tx: Queryable, account: Account, apiKey: string, credits?: number): Promise<boolean> {
    const now = this.clock.now();
    await tx.query('insert into accounts (id, name, features, created_at) values ($1, $2, $3::jsonb, $4)', [
      account.id,
      account.name,
      json(account.features),
      now,
    ]);
    const keys = await tx.query(
      `insert into api_keys (id, account_id, key_hash, key_prefix, created_at) values ($1, $2, $3, $4, $5)
        on conflict (key_hash) do nothing returning id`,
      [newId('key'), account.id, hashApiKey(apiKey), keyPrefix(apiKey), now],
    );
    if (!keys.length) {
      // The account row must go too; the caller's transaction is still usable (no statement failed).
      await tx.query('delete from accounts where id = $1', [account.id]);
      return false;
    }
    if (credits) await this.ledger.record(tx, account.id, credits, 'grant', 'account opening');
    return true;
  }

  /** The account of an API key that is not revoked; from the key cache, re-checked against the store each second. */
  async authenticate(apiKey: string): Promise<Account | undefined> {
    return this.keys.get(hashApiKey(apiKey), async (hash) => {
      const [row] = await this.db.query<{ id: string; name: string; features: AccountFeatures }>(
        `select a.id, a.name, a.features from api_keys k join accounts a on a.id = k.account_id
          where k.key_hash = $1 and k.revoked_at is null`,
        [hash],
      );
      return row ? { id: row.id, name: row.name, features: row.features ?? {} } : undefined;
    });
  }

  /**
   * Revokes one of an account's keys: refused from now on in this process, within KEY_RECHECK_MS in the others
   * (they re-check the keys they hold each second). False when the account has no such key not yet revoked.
   */
  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const rows = await this.db.query<{ hash: string }>(
      `update api_keys set revoked_at = $3 where id = $1 and account_id = $2 and revoked_at is null returning key_hash as hash`,
      [keyId, accountId, this.clock.now()],
    );
    for (const row of rows) this.keys.forget(row.hash);
    return rows.length > 0;
  }

  /** Drops a key from the authentication cache (its revocation by another module of this process). */
  forgetKey(hash: string): void {
    this.keys.forget(hash);
  }

  async get(id: string): Promise<Account | undefined> {
    const [row] = await this.db.query<Account>('select id, name, features from accounts where id = $1', [id]);
    return row;
  }

  async count(): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int8 as n from accounts');
    return row?.n ?? 0;
  }

  /**
   * Ensures an account owns `apiKey` (BOOTSTRAP_API_KEY): created with `features` (every gated register) and `credits` when
   * missing; left as it is when it exists, so restarts do not grant credits again. An upsert on the key's
   * hash: processes starting together on one database create it once, and the others read back the winner's.
   */
  async ensureBootstrap(apiKey: string, credits: number, features: AccountFeatures): Promise<{ created: boolean; account: Account }> {
    const existing = await this.ownerOf(apiKey);
    if (existing) return { created: false, account: existing };
    const account = this.newAccount({ name: 'Bootstrap account', features });
    const created = await this.db.transaction((tx) => this.insert(tx, account, apiKey, credits));
    if (created) return { created, account };
    const owner = await this.ownerOf(apiKey);
    if (!owner) throw new Error('the bootstrap API key is stored without an account');
    return { created, account: owner };
  }

  /** The account a key belongs to, revoked or not. */
  private async ownerOf(apiKey: string): Promise<Account | undefined> {
    const [row] = await this.db.query<Account>(
      'select a.id, a.name, a.features from api_keys k join accounts a on a.id = k.account_id where k.key_hash = $1',
      [hashApiKey(apiKey)],
    );
    return row ? { ...row, features: row.features ?? {} } : undefined;
  }
}
