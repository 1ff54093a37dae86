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
  /** Slots held in this process for a register call several tasks wait on (`hold`), by the call's key. */
  private readonly sharedCalls = new Map<string, SharedSlot>();

  constructor(
    /** Transactions only: every statement is the repository's. */
    private readonly db: Db,
    private readonly repo: AccountSlotRepository,
    /** This process's lease id (ProcessLease): slots are its while it is alive. */
    private readonly processId: string,
  ) {}

  /** A slot of `share` if fewer than `limit` are taken, else undefined. */
  private async take(share: string, limit: number): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await this.repo.lockShare(tx, share);
      await this.repo.clearDead(tx, share);
      if ((await this.repo.countTaken(tx, share)) >= limit) return undefined;
      const id = newId('slt');
      await this.repo.insert(tx, { id, share, processId: this.processId });
      return id;
    });
  }

  private async give(id: string): Promise<void> {
    await this.repo.delete(id);
  }

  /**
   * A slot of `share` for one task, as `take`; tasks naming the same `call` (one register call they all wait on)
   * share one slot in this process, taken by the first and given back by the last. Returns its release, or undefined
   * when the share is full.
   */
  async hold(share: string, limit: number, call?: string): Promise<(() => Promise<void>) | undefined> {
    if (call === undefined) {
      const id = await this.take(share, limit);
      return id ? () => this.give(id) : undefined;
    }
    // Joined before any await, so that tasks starting together find the one entry.
    let shared = this.sharedCalls.get(call);
    if (!shared) {
      shared = { users: 0, slot: this.take(share, limit) };
      this.sharedCalls.set(call, shared);
    }
    shared.users++;
    const entry = shared;
    let id: string | undefined;
    try {
      id = await entry.slot;
    } finally {
      if (!id) this.leave(call, entry);
    }
    return id ? () => this.release(call, entry, id) : undefined;
  }

  /** One task less on a shared slot; the last one forgets the entry (none may join it after). */
  private leave(call: string, entry: SharedSlot): boolean {
    if (--entry.users > 0) return false;
    if (this.sharedCalls.get(call) === entry) this.sharedCalls.delete(call);
    return true;
  }

  private async release(call: string, entry: SharedSlot, id: string): Promise<void> {
    if (this.leave(call, entry)) await this.give(id);
  }
}

/** A slot several tasks of one register call hold together: how many, and the slot (none: the share was full). */
interface SharedSlot {
  users: number;
  slot: Promise<string | undefined>;
}
