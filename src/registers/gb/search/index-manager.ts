import { NameIndex, WorkerSegment } from '../../../shared/name-index/index.ts';
import { RefreshAhead } from '../../../shared/refresh-ahead.ts';
import { reportIndexFailure, type FailureLog } from '../../../shared/name-index/refresh-failure.ts';
import type { Db } from '../../../store/db.ts';
import { redactUrl } from '../bulk/product-files.ts';
import type { BulkReadStats } from './bulk-csv.ts';
import { productBatchesInWorker } from './bulk-lines.ts';
import { companyOfLine, indexedEntityOf, namesOfLine } from './entity.ts';
import { ProductStore } from './product-store.ts';
import { companyNumberValue } from './rules.ts';

export interface IngestCounts {
  companies: number;
  names: number;
  invalidRows: number;
}

export interface GbIndexManagerDeps {
  db: Db;
  now: () => Date;
  /** How often the store is looked at for stream changes and other processes' products. */
  refreshEveryMs?: number;
}

/** The module that turns GB's product lines into indexed entities, for the thread that builds the index. */
const LINE_SOURCE = new URL('./line-source.ts', import.meta.url);

/** Lines stored between two breaths of the event loop (a worker's batch at once held it for some 60 ms). */
const STORE_SLICE = 5000;

/** Lets the event loop breathe between batches of a long ingestion. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The index of the segment built in the worker, with the rules it was built with (not read again on this thread). */
async function indexOf(worker: WorkerSegment): Promise<NameIndex> {
  const { segment, stopwords } = await worker.build();
  return new NameIndex({ stopwords, idNumber: companyNumberValue }, segment);
}

/**
 * Owns GB's in-memory name index: built from the stored Basic Company Data product (or straight from the download,
 * when this process ingests it), then kept current from the stream's company changes in the store, so that every
 * process sees a rename or a dissolution within `refreshEveryMs`. Until a product is ingested there is no index.
 */
export class GbIndexManager {
  /** The index in use, with the product it was built from and the last stream change applied to it. */
  private installed: { index: NameIndex; productId: number; appliedSeq: number } | undefined;
  private building: Promise<NameIndex | undefined> | undefined;
  /** A newer product's index, built behind the one in use. */
  private rebuilding: Promise<void> | undefined;
  private readonly freshness: RefreshAhead;
  /** Where failed refreshes go (set when the register starts); a process warning until then. */
  private log: FailureLog | undefined;
  readonly products: ProductStore;

  constructor(private readonly deps: GbIndexManagerDeps) {
    this.products = new ProductStore(deps.db);
    this.freshness = new RefreshAhead({
      periodMs: deps.refreshEveryMs ?? 2000,
      refresh: () => this.refresh(),
      onFailure: (err, failures) => reportIndexFailure('GB', this.log, err, failures),
    });
  }

  /**
   * The index, current within `refreshEveryMs` (RefreshAhead: looked at again in the background past half of it);
   * undefined when no product was ever ingested.
   */
  async get(): Promise<NameIndex | undefined> {
    if (!this.installed) return (this.building ??= this.buildFromStore().finally(() => (this.building = undefined)));
    await this.freshness.current();
    return this.installed.index;
  }

  /** Failed refreshes and rebuilds go to `log` from now on (the register's start gives it the process's logger). */
  reportFailuresTo(log: FailureLog | undefined): void {
    this.log = log;
  }

  /**
   * Applies the stream changes since the last look; a newer product is built behind the index in use, which keeps
   * serving (without the changes meanwhile) until the new one, with every change, replaces it: a rebuild of millions
   * of companies no longer holds up the searches that fall on it.
   */
  private async refresh(): Promise<void> {
    const latest = await this.products.latest();
    if (latest && latest.id !== this.installed?.productId) {
      this.rebuilding ??= this.buildFromStore()
        .then(
          () => undefined,
          (err) => this.freshness.reportFailure(err),
        )
        .finally(() => (this.rebuilding = undefined));
      return;
    }
    if (this.installed) await this.applyChanges(this.installed);
  }

  private async applyChanges(installed: { index: NameIndex; appliedSeq: number }): Promise<void> {
    for (;;) {
      const page = await this.products.changesAfter(installed.appliedSeq);
      if (page.length === 0) break;
      for (const c of page) {
        if (c.removed) installed.index.remove(c.number);
        else installed.index.upsert(indexedEntityOf(companyOfLine(c.line)));
        installed.appliedSeq = c.seq;
      }
    }
  }

  private async buildFromStore(): Promise<NameIndex | undefined> {
    const startedAt = performance.now();
    const product = await this.products.latest();
    if (!product) return undefined;
    // Built in a worker thread: this one only reads the chunks from the store (building 5.5 million companies
    // here held the event loop for seconds at a time).
    const segment = WorkerSegment.start(LINE_SOURCE, product.companies);
    try {
      for await (const chunk of this.products.chunks(product.id)) await segment.add(chunk);
      return await this.install(await indexOf(segment), product.id, startedAt);
    } finally {
      await segment.close();
    }
  }

  /** Puts `index` in use once every stream change is applied to it; its own state, so a look at the old one meanwhile cannot skip its changes. */
  private async install(index: NameIndex, productId: number, startedAt: number): Promise<NameIndex> {
    const installed = { index, productId, appliedSeq: 0 };
    await this.applyChanges(installed);
    this.installed = installed;
    this.freshness.readAsOf(startedAt);
    return index;
  }

  /**
   * Ingests a Basic Company Data product as it downloads (`sources`: its parts in order, URLs or local paths, each
   * zipped as the register publishes it or the CSV itself), read and parsed in a worker thread: each company goes to
   * the index, built in another worker thread, and to the stored product in one pass; the new index replaces the old one when the product is
   * stored whole. The run is registered first, so that a failed download is recorded as a failed product (the stored
   * one keeps serving). Throws BulkBusyError when another process is ingesting.
   */
  async ingest(sources: readonly string[], takenAt: Date): Promise<IngestCounts> {
    const id = await this.products.begin(sources.map(redactUrl).join(','), takenAt, this.deps.now());
    // Three threads: one downloads and parses, one builds the index, and this one stores the product and serves.
    const segment = WorkerSegment.start(LINE_SOURCE, 1 << 20);
    const decoder = new TextDecoder();
    try {
      const writer = this.products.writer(id);
      const stats: BulkReadStats = { rows: 0, invalid: 0 };
      let companies = 0;
      let names = 0;
      for await (const batch of productBatchesInWorker(sources, stats)) {
        const lines = decoder.decode(batch).split('\n');
        await segment.add(batch);
        for (let i = 0; i < lines.length; i++) {
          companies++;
          names += namesOfLine(lines[i]!);
          const flushing = writer.add(lines[i]!);
          if (flushing) await flushing;
          if (i % STORE_SLICE === STORE_SLICE - 1) await breathe();
        }
        await breathe();
      }
      await writer.end();
      const counts = { companies, names, invalidRows: stats.invalid };
      const index = await indexOf(segment);
      await this.products.finish(id, counts, this.deps.now());
      await this.install(index, id, performance.now());
      return counts;
    } catch (err) {
      await this.products.fail(id, err instanceof Error ? err.message : String(err), this.deps.now()).catch(() => undefined);
      throw err;
    } finally {
      await segment.close();
    }
  }
}
