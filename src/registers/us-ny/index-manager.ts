import type { UsNyEntityRepository } from './repositories/entities.ts';
import type { UsNySnapshotRepository } from './repositories/snapshots.ts';
import type { OverlayEntry, SandboxOverlay } from './sandbox-overlay.ts';
import { WorkerSegment } from '../../shared/name-index/index.ts';
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
  private appliedSeq = 0;
  private lastRefresh = 0;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly deps: IndexManagerDeps) {}

  /** The index, current as of now (waits for the first build). */
  async get(): Promise<NameIndex> {
    const index = this.index ?? (await (this.building ??= this.build().finally(() => (this.building = undefined))));
    if (Date.now() - this.lastRefresh >= (this.deps.refreshEveryMs ?? 2000))
      await (this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined)));
    if (this.deps.overlay) this.applyOverlay(index, await this.deps.overlay.sync());
    return index;
  }

  /** Applies the snapshots done since the index was last brought up to date (call after an ingestion). */
  async refresh(): Promise<void> {
    this.lastRefresh = Date.now();
    if (!this.index) return;
    const done = await this.deps.snapshots.doneAfter(this.appliedSeq);
    if (done.length === 0) return;
    if (done.some((s) => s.initial) || this.index.needsCompaction) {
      this.index = await this.build();
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
    return index;
  }

  private applyOverlay(index: NameIndex, entries: Iterable<OverlayEntry>) {
    for (const e of entries) {
      if (e.removed) index.remove(e.dosId);
      else index.upsert(summaryOf(e.record.entity.row, e.record.entity.names));
    }
  }
}
