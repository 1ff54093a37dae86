import type { Db } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Ledger } from '../billing/ledger.ts';
import { generateApiKey, hashApiKey, keyPrefix } from './keys.ts';

export interface AccountFeatures {
  /** US-NY retrieval is enabled (spec §2.11: 400 until enabled on the workspace). */
  usNy?: boolean;
}

export interface Account {
  id: string;
  name: string;
  features: AccountFeatures;
}

export interface CreatedAccount extends Account {
  apiKey: string;
  balanceInCreditCents: number;
}

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
  ) {}

  /** Creates an account with one API key (returned in plain text here, and never again). */
  async create(input: { name: string; credits?: number; features?: AccountFeatures; apiKey?: string }): Promise<CreatedAccount> {
    const apiKey = input.apiKey ?? generateApiKey();
    const now = this.clock.now();
    const account: Account = { id: newId('acc', now.getTime()), name: input.name, features: input.features ?? {} };
    await this.db.transaction(async (tx) => {
      await tx.query('insert into accounts (id, name, features, created_at) values ($1, $2, $3::jsonb, $4)', [
        account.id,
        account.name,
        json(account.features),
        now,
      ]);
      await tx.query('insert into api_keys (id, account_id, key_hash, key_prefix, created_at) values ($1, $2, $3, $4, $5)', [
        newId('key'),
        account.id,
        hashApiKey(apiKey),
        keyPrefix(apiKey),
        now,
      ]);
      if (input.credits) await this.ledger.record(tx, account.id, input.credits, 'grant', 'account opening');
    });
    return { ...account, apiKey, balanceInCreditCents: input.credits ?? 0 };
  }

  async authenticate(apiKey: string): Promise<Account | undefined> {
    const [row] = await this.db.query<{ id: string; name: string; features: AccountFeatures }>(
      `select a.id, a.name, a.features from api_keys k join accounts a on a.id = k.account_id
        where k.key_hash = $1 and k.revoked_at is null`,
      [hashApiKey(apiKey)],
    );
    return row ? { id: row.id, name: row.name, features: row.features ?? {} } : undefined;
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
   * Ensures an account owns `apiKey` (BOOTSTRAP_API_KEY): created with US-NY enabled and `credits` when
   * missing; left as it is when it exists, so restarts do not grant credits again.
   */
  async ensureBootstrap(apiKey: string, credits: number): Promise<{ created: boolean; account: Account }> {
    const existing = await this.authenticate(apiKey);
    if (existing) return { created: false, account: existing };
    const account = await this.create({ name: 'Bootstrap account', credits, features: { usNy: true }, apiKey });
    return { created: true, account };
  }
}
