import type { Db } from './db.ts';

/**
 * Process leases (migration 010). Expiries are the database's now(), the one clock all processes share; the
 * sandbox's service clock does not move them.
 */
export class LeaseRepository {
  constructor(private readonly db: Db) {}

  /** Takes or extends the lease of process `id` until `ttlMs` from now. */
  async renew(id: string, ttlMs: number): Promise<void> {
    await this.db.query(
      `insert into process_leases (id, expires_at) values ($1, now() + $2 * interval '1 millisecond')
       on conflict (id) do update set expires_at = excluded.expires_at`,
      [id, ttlMs],
    );
  }

  /** Gives the lease up: whatever the process still owned is taken over at the next sweep. */
  async drop(id: string): Promise<void> {
    await this.db.query('delete from process_leases where id = $1', [id]);
  }

  /** Ends every lease but `id`'s: on the embedded store (one process at a time), the others died with their process. */
  async dropAllBut(id: string): Promise<void> {
    await this.db.query('delete from process_leases where id <> $1', [id]);
  }

  /** Forgets expired leases: work is orphaned when its owner has no live lease, with or without a row. */
  async pruneExpired(): Promise<void> {
    await this.db.query('delete from process_leases where expires_at < now()');
  }
}

/** SQL true when `ownerColumn` names no live process (a null owner is not orphaned: nothing leases it). */
export function ownerIsDead(ownerColumn: string): string {
  return `(${ownerColumn} is not null and not exists (select 1 from process_leases l where l.id = ${ownerColumn} and l.expires_at > now()))`;
}
