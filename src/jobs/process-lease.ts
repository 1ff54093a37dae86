import type { Db } from '../store/db.ts';
import { LeaseRepository } from '../store/leases.ts';
import { newId } from '../shared/ids.ts';

/**
 * This process's lease: a row whose expiry a heartbeat renews every third of `ttlMs`. Open work is stamped with
 * `id`; when the process dies (kill -9, a lost host) its lease expires within `ttlMs` and the other processes take
 * its work over (OrphanSweeper, IdempotencyService), instead of waiting for it to come back.
 */
export class ProcessLease {
  readonly id = newId('prc');
  private readonly leases: LeaseRepository;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    readonly ttlMs: number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.leases = new LeaseRepository(db);
  }

  async start(): Promise<void> {
    await this.leases.renew(this.id, this.ttlMs);
    // The embedded store admits one process at a time (its lockfile): any other lease is a dead process's.
    if (this.db.backend === 'pglite') await this.leases.dropAllBut(this.id);
    this.timer = setInterval(() => void this.leases.renew(this.id, this.ttlMs).catch(this.onError), Math.max(100, this.ttlMs / 3));
    this.timer.unref();
  }

  /** At a clean stop, after the work in flight is done: what is left is taken over at once, not after `ttlMs`. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.leases.drop(this.id);
  }
}
