import type { Db } from '../store/db.ts';
import { newId } from '../shared/ids.ts';
import type { AccountSlotRepository } from './repository.ts';

/**
 * An account's share of a register's verification workers, counted in the store (migration 012), so that the cap
 * holds across every process sharing the database, not per process: two processes each allowing four would let one
 * account run eight. Taking a slot is serialised per share by a transaction-scoped advisory lock; a slot of a process
 * whose lease expired (it died) no longer counts and is cleared by the next take of its share.
 */
export class AccountSlots {
  constructor(
    /** Transactions only: every statement is the repository's. */
    private readonly db: Db,
    private readonly repo: AccountSlotRepository,
    /** This process's lease id (ProcessLease): slots are its while it is alive. */
    private readonly processId: string,
  ) {}

  /** A slot of `share` if fewer than `limit` are taken, else undefined. */
  async take(share: string, limit: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await this.repo.lockShare(tx, share);
      await this.repo.clearDead(tx, share);
      if ((await this.repo.countTaken(tx, share)) >= limit) return undefined;
      const id = newId('slt');
      await this.repo.insert(tx, { id, share, processId: this.processId });
      return id;
    });
  }

  async give(id: string): Promise<void> {
    await this.repo.delete(id);
  }
}
