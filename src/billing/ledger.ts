import type { Db, Queryable } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';

/**
 * `reservation` holds a request's expected cost while its work is in flight (negative); `release` gives a unit's
 * share of it back when the unit settles (positive); `charge` takes the price of delivered work (negative).
 * Once every unit of a request has settled, its entries sum to minus its charges.
 */
export type LedgerKind = 'grant' | 'adjustment' | 'charge' | 'refund' | 'reservation' | 'release';

/**
 * The append-only credit ledger: an account's balance is the sum of its entries, holds of work in flight
 * included. Nothing is ever updated or deleted; a correction is a new entry.
 */
export class Ledger {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async record(tx: Queryable, accountId: string, amount: number, kind: LedgerKind, reference?: string): Promise<string> {
    const id = newId('led');
    await tx.query('insert into ledger_entries (id, account_id, amount, kind, reference, created_at) values ($1, $2, $3, $4, $5, $6)', [
      id,
      accountId,
      amount,
      kind,
      reference ?? null,
      this.clock.now(),
    ]);
    return id;
  }

  async balance(accountId: string, tx: Queryable = this.db): Promise<number> {
    const [row] = await tx.query<{ balance: number }>(
      'select coalesce(sum(amount), 0)::int8 as balance from ledger_entries where account_id = $1',
      [accountId],
    );
    return row?.balance ?? 0;
  }

  /** Adds (or, with a negative amount, withdraws) credits on the operator's word; returns the new balance. */
  async adjust(accountId: string, amount: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await this.record(tx, accountId, amount, amount >= 0 ? 'grant' : 'adjustment', 'operator');
      return this.balance(accountId, tx);
    });
  }
}
