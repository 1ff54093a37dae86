import type { SandboxRepository } from './repository.ts';
import type { SandboxRecord } from './store.ts';

/** One register's sandbox state as read in one statement. */
export interface SandboxSnapshot {
  /** Stored companies, removed ones included, ordered by id. */
  readonly records: readonly SandboxRecord[];
  readonly byId: ReadonlyMap<string, SandboxRecord>;
  readonly outageUntil?: Date;
}

interface Entry {
  snapshot: Promise<SandboxSnapshot>;
  /** performance.now() when its read started: a write committed before then is in it. */
  readAt: number;
}

/**
 * The emulated registers' state, read at most once per `freshForMs` per register instead of on every call (a TEST
 * search read it twice per request: the stored companies and the outage). Several processes share the store, so a
 * snapshot counts from the moment its read started: what an operator writes through another process is seen here
 * within `freshForMs`; what is written through this process drops the register's snapshot at once.
 *
 * Concurrent callers share one read. A read that was under way when a write dropped the snapshot is not kept (a
 * generation counter), so it cannot bring back what the write replaced.
 */
export class SandboxSnapshots {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly freshForMs = 1000,
  ) {}

  get(countryCode: string): Promise<SandboxSnapshot> {
    const entry = this.entries.get(countryCode);
    if (entry && performance.now() - entry.readAt < this.freshForMs) return entry.snapshot;
    return this.read(countryCode);
  }

  /** After a write through this process: the next call reads the store. */
  drop(countryCode: string): void {
    this.generation++;
    this.entries.delete(countryCode);
  }

  private read(countryCode: string): Promise<SandboxSnapshot> {
    const generation = this.generation;
    const readAt = performance.now();
    const snapshot = this.repo.snapshot(countryCode).then(({ records, outageUntil }) => ({
      records,
      byId: new Map(records.map((r) => [r.companyId, r])),
      ...(outageUntil ? { outageUntil } : {}),
    }));
    const entry = { snapshot, readAt };
    if (generation === this.generation) this.entries.set(countryCode, entry);
    snapshot.then(
      // A write while it was read: let the next caller read again.
      () => {
        if (generation !== this.generation && this.entries.get(countryCode) === entry) this.entries.delete(countryCode);
      },
      // A failed read is not remembered.
      () => {
        if (this.entries.get(countryCode) === entry) this.entries.delete(countryCode);
      },
    );
    return snapshot;
  }
}
