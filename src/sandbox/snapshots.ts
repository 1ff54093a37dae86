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
  /** The read answered (an entry can be refreshed ahead only then). */
  settled?: boolean;
  /** A read in the background is under way. */
  refreshing?: boolean;
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

  /**
   * The register's snapshot. One past half its freshness is read again in the background while it is still given, so
   * that under steady calls it is replaced before it runs out and no call waits for the store (one busy for a moment
   * held up every call that fell on the read, once a second); one past its freshness is read while the caller waits.
   */
  get(countryCode: string): Promise<SandboxSnapshot> {
    const entry = this.entries.get(countryCode);
    const age = entry ? performance.now() - entry.readAt : Infinity;
    if (entry && age < this.freshForMs) {
      if (age >= this.freshForMs / 2 && entry.settled && !entry.refreshing) this.refresh(countryCode, entry);
      return entry.snapshot;
    }
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
    const entry: Entry = { snapshot, readAt };
    if (generation === this.generation) this.entries.set(countryCode, entry);
    snapshot.then(
      // A write while it was read: let the next caller read again.
      () => {
        entry.settled = true;
        if (generation !== this.generation && this.entries.get(countryCode) === entry) this.entries.delete(countryCode);
      },
      // A failed read is not remembered.
      () => {
        if (this.entries.get(countryCode) === entry) this.entries.delete(countryCode);
      },
    );
    return snapshot;
  }

  /**
   * Reads the register again behind `entry`, which stays in use until the read answers and then gives way to it. A
   * write through this process meanwhile (a new generation) or a failed read leaves the entry to run out.
   */
  private refresh(countryCode: string, entry: Entry): void {
    entry.refreshing = true;
    const generation = this.generation;
    const readAt = performance.now();
    this.repo.snapshot(countryCode).then(
      (read) => {
        const snapshot = this.kept(countryCode, read);
        if (generation === this.generation && this.entries.get(countryCode) === entry)
          this.entries.set(countryCode, { snapshot: Promise.resolve(snapshot), readAt, settled: true });
      },
      () => {
        entry.refreshing = false;
      },
    );
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
