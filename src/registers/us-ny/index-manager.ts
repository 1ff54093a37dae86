import type { UsNyEntityRepository } from './repositories/entities.ts';
import type { UsNySnapshotRepository } from './repositories/snapshots.ts';
import type { OverlayEntry, SandboxOverlay } from './sandbox-overlay.ts';
import { WorkerSegment } from '../../shared/name-index/index.ts';
import { RefreshAhead } from '../../shared/refresh-ahead.ts';
import { reportIndexFailure, type FailureLog } from '../../shared/name-index/refresh-failure.ts';
import { NameIndex } from './search/name-index.ts';
import { summaryOf, summaryOfPacked } from './search/summary.ts';

export interface IndexManagerDeps {
  entities: UsNyEntityRepository;
  snapshots: UsNySnapshotRepository;
  overlay?: SandboxOverlay;
  /** Runs before the first build (the sandbox seeds its snapshot here). */
  prepare?: () => Promise<void>;
  /** How often other processes' snapshots are looked for. */
  refreshEveryMs?: number;
}

/** The module that turns the store's index rows into indexed entities, for the thread that builds the index. */
const LINE_SOURCE = new URL('./search/line-source.ts', import.meta.url);

/**
 * Owns the in-memory name index: built from the store on first use, then kept current incrementally. Snapshots
 * applied by any process are found in `us_ny_snapshots` and their changes applied entity by entity (an initial
 * snapshot, or a delta grown past compaction size, rebuilds); the sandbox operator's companies are applied on
 * every search, over the store's.
 */
export class IndexManager {
  private index: NameIndex | undefined;
  private building: Promise<NameIndex> | undefined;
  /** A rebuild (a new initial snapshot, or compaction) behind the index in use. */
  private rebuilding: Promise<void> | undefined;
  private appliedSeq = 0;
  private readonly freshness: RefreshAhead;
  /** Where failed refreshes go (set when the register starts); a process warning until then. */
  private log: FailureLog | undefined;

  constructor(private readonly deps: IndexManagerDeps) {
    this.freshness = new RefreshAhead({
      periodMs: deps.refreshEveryMs ?? 2000,
      refresh: () => this.refresh(),
      onFailure: (err, failures) => reportIndexFailure('US-NY', this.log, err, failures),
    });
  }

  /**
   * The index, current within `refreshEveryMs` (RefreshAhead: looked at again in the background past half of it);
   * waits for the first build.
   */
  async get(): Promise<NameIndex> {
    if (!this.index) await (this.building ??= this.build().finally(() => (this.building = undefined)));
    await this.freshness.current();
    const index = this.index!;
    if (this.deps.overlay) this.applyOverlay(index, await this.deps.overlay.sync());
    return index;
  }

  /** Failed refreshes and rebuilds go to `log` from now on (the register's start gives it the process's logger). */
  reportFailuresTo(log: FailureLog | undefined): void {
    this.log = log;
  }

  /**
   * Applies the snapshots done since the index was last brought up to date (call after an ingestion). One that needs
   * a rebuild (an initial snapshot, or deltas grown past compaction size) is rebuilt behind the index in use, which
   * keeps serving without it until the new one replaces it: a rebuild of millions of entities no longer holds up the
   * searches that fall on it. `rebuilt`: wait for that rebuild too (an ingestion's job, whose caller waits anyway).
   */
  async refresh({ rebuilt = false } = {}): Promise<void> {
    if (this.rebuilding) {
      if (!rebuilt) return;
      // That rebuild may have started before the caller's snapshot was done: look again once it is in.
      await this.rebuilding;
      return this.refresh({ rebuilt });
    }
    if (!this.index) return;
    const done = await this.deps.snapshots.doneAfter(this.appliedSeq);
    if (done.length === 0) return;
    if (done.some((s) => s.initial) || this.index.needsCompaction) {
      this.rebuilding ??= this.build()
        .then(
          () => undefined,
          (err) => this.freshness.reportFailure(err),
        )
        .finally(() => (this.rebuilding = undefined));
      if (rebuilt) await this.rebuilding;
      return;
    }
    for (const s of done) {
      let after = '';
      for (;;) {
        const page = await this.deps.snapshots.changes(s.seq, { after, first: 5000 });
        if (page.length === 0) break;
        after = page[page.length - 1]!.dosId;
        for (const current of await this.deps.entities.indexRows(page.map((c) => c.dosId))) {
          if (current.removed) this.index.remove(current.dosId);
          else this.index.upsert(summaryOfPacked(current.dosId, current.row, current.altNames));
        }
      }
      this.appliedSeq = s.seq;
    }
    // The operator's companies win over what a snapshot just brought.
    if (this.deps.overlay) this.applyOverlay(this.index, [...this.deps.overlay.all()]);
  }

  private async build(): Promise<NameIndex> {
    const startedAt = performance.now();
    await this.deps.prepare?.();
    // The snapshot seen before reading: later ones are applied by refresh, harmlessly again if already read.
    const latest = await this.deps.snapshots.latestDone();
    // Built in a worker thread, the store's pages handed over as they are read: building 4.3 million entities here
    // held the event loop that serves the API for seconds at a time.
    const segment = WorkerSegment.start(LINE_SOURCE, await this.deps.entities.countActive());
    let index: NameIndex;
    try {
      for await (const page of this.deps.entities.scanIndexText()) await segment.add(page);
      index = new NameIndex((await segment.build()).segment);
    } finally {
      await segment.close();
    }
    if (this.deps.overlay) this.applyOverlay(index, [...this.deps.overlay.all()]);
    this.appliedSeq = latest?.seq ?? 0;
    this.index = index;
    this.freshness.readAsOf(startedAt);
    return index;
  }

  private applyOverlay(index: NameIndex, entries: Iterable<OverlayEntry>) {
    for (const e of entries) {
      if (e.removed) index.remove(e.dosId);
      else index.upsert(summaryOf(e.record.entity.row, e.record.entity.names));
    }
  }
}
