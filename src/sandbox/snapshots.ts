import type { SandboxRepository, VersionedRecord } from './repository.ts';
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
 *
 * A read keeps the record objects of the last snapshot whose rows have not changed since (same row version), and
 * the whole last snapshot when nothing changed: readers that keep what they made of a record by its object (the GB
 * emulator's parsed companies and its stream's digests) do not make it again every second.
 */
export class SandboxSnapshots {
  private readonly entries = new Map<string, Entry>();
  /** Per register, the last snapshot read and its records' versions, which the next read compares with. */
  private readonly lastRead = new Map<
    string,
    { snapshot: SandboxSnapshot; versions: ReadonlyMap<string, { record: SandboxRecord; version: string }> }
  >();
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
    const snapshot = this.repo.snapshot(countryCode).then((read) => this.kept(countryCode, read));
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

  /** A snapshot of what was read, with the objects of the last one where the rows have not changed. */
  private kept(countryCode: string, read: { records: VersionedRecord[]; outageUntil?: Date }): SandboxSnapshot {
    const last = this.lastRead.get(countryCode);
    let unchanged = last !== undefined && last.versions.size === read.records.length;
    const records = read.records.map(({ record, version }) => {
      const before = last?.versions.get(record.companyId);
      if (before?.version === version) return before.record;
      unchanged = false;
      return record;
    });
    if (unchanged && last!.snapshot.outageUntil?.getTime() === read.outageUntil?.getTime()) return last!.snapshot;
    const snapshot: SandboxSnapshot = {
      records,
      byId: new Map(records.map((r) => [r.companyId, r])),
      ...(read.outageUntil ? { outageUntil: read.outageUntil } : {}),
    };
    const versions = new Map(read.records.map(({ version }, i) => [records[i]!.companyId, { record: records[i]!, version }]));
    this.lastRead.set(countryCode, { snapshot, versions });
    return snapshot;
  }
}
