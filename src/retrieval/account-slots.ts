import type { Db } from '../store/db.ts';
import { ownerIsDead } from '../store/leases.ts';
import { newId } from '../shared/ids.ts';

/**
 * An account's share of a register's verification workers, counted in the store (migration 012), so that the cap
 * holds across every process sharing the database, not per process: two processes each allowing four would let one
 * account run eight. Taking a slot is serialised per share by a transaction-scoped advisory lock; a slot of a process
 * whose lease expired (it died) no longer counts and is cleared by the next take of its share.
 */
export class AccountSlots {
  constructor(
    private readonly db: Db,
    /** This process's lease id (ProcessLease): slots are its while it is alive. */
    private readonly processId: string,
  ) {}

  /** A slot of `share` if fewer than `limit` are taken, else undefined. */
  async take(share: string, limit: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`account-slots:${share}`]);
      await tx.query(`delete from account_slots s where s.share = $1 and ${ownerIsDead('s.process_id')}`, [share]);
      const [row] = await tx.query<{ n: number }>('select count(*)::int as n from account_slots where share = $1', [share]);
      if ((row?.n ?? 0) >= limit) return undefined;
      const id = newId('slt');
      await tx.query('insert into account_slots (id, share, process_id) values ($1, $2, $3)', [id, share, this.processId]);
      return id;
    });
  }

  async give(id: string): Promise<void> {
    await this.db.query('delete from account_slots where id = $1', [id]);
  }
}
