import type { Db, Queryable } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Ledger } from '../billing/ledger.ts';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.ts';
import { KeyCache } from './key-cache.ts';
import type { AccountRepository } from './repository.ts';
import type { Account, AccountFeatures } from './types.ts';

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
    /** Transactions only: every statement is the repository's. */
    private readonly db: Db,
    private readonly repo: AccountRepository,
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
      await this.repo.lockAdvisory(tx, FIRST_ACCOUNT_LOCK);
      if (await this.repo.count(tx)) return undefined;
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
    await this.repo.insertAccount(tx, account, now);
    const keyStored = await this.repo.insertFirstKey(tx, {
      id: newId('key'),
      accountId: account.id,
      hash: hashApiKey(apiKey),
      prefix: keyPrefix(apiKey),
      createdAt: now,
    });
    if (!keyStored) {
      // The account row must go too; the caller's transaction is still usable (no statement failed).
      await this.repo.deleteAccount(tx, account.id);
      return false;
    }
    if (credits) await this.ledger.record(tx, account.id, credits, 'grant', 'account opening');
    return true;
  }

  /** The account of an API key that is not revoked; from the key cache (key-cache.ts: re-checked ahead, trusted a second). */
  async authenticate(apiKey: string): Promise<Account | undefined> {
    return this.keys.get(hashApiKey(apiKey), (hash) => this.repo.ofWorkingKey(hash));
  }

  /**
   * Revokes one of an account's keys: refused from now on in this process, within KEY_RECHECK_MS in the others
   * (they re-check the keys they hold each second). False when the account has no such key not yet revoked.
   */
  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const hashes = await this.repo.revokeWorkingKey(accountId, keyId, this.clock.now());
    for (const hash of hashes) this.keys.forget(hash);
    return hashes.length > 0;
  }

  /** Drops a key from the authentication cache (its revocation by another module of this process). */
  forgetKey(hash: string): void {
    this.keys.forget(hash);
  }

  get(id: string): Promise<Account | undefined> {
    return this.repo.get(id);
  }

  count(): Promise<number> {
    return this.repo.count();
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
  private ownerOf(apiKey: string): Promise<Account | undefined> {
    return this.repo.ofAnyKey(hashApiKey(apiKey));
  }
}
