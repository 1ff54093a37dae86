import type { Db, Queryable } from '../store/db.ts';
import { ownerIsDead } from '../store/leases.ts';

/** Verification worker slots taken by accounts (table account_slots, migration 012); see AccountSlots. */
export class AccountSlotRepository {
  constructor(private readonly db: Db) {}

  /** Serialises takes of one share until `tx` ends (a transaction-scoped advisory lock on its name). */
  async lockShare(tx: Queryable, share: string): Promise<void> {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`account-slots:${share}`]);
  }

  /** Clears the share's slots held by processes whose lease expired (they died holding them). */
  async clearDead(tx: Queryable, share: string): Promise<void> {
    await tx.query(`delete from account_slots s where s.share = $1 and ${ownerIsDead('s.process_id')}`, [share]);
  }

  async countTaken(tx: Queryable, share: string): Promise<number> {
    const [row] = await tx.query<{ n: number }>('select count(*)::int as n from account_slots where share = $1', [share]);
    return row?.n ?? 0;
  }

  async insert(tx: Queryable, slot: { id: string; share: string; processId: string }): Promise<void> {
    await tx.query('insert into account_slots (id, share, process_id) values ($1, $2, $3)', [slot.id, slot.share, slot.processId]);
  }

  async delete(id: string): Promise<void> {
    await this.db.query('delete from account_slots where id = $1', [id]);
  }
}
