import { NameIndex, WorkerSegment } from '../../../shared/name-index/index.ts';
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
  private index: NameIndex | undefined;
  private productId = 0;
  private appliedSeq = 0;
  private building: Promise<NameIndex | undefined> | undefined;
  private refreshing: Promise<void> | undefined;
  private lastRefresh = 0;
  readonly products: ProductStore;

  constructor(private readonly deps: GbIndexManagerDeps) {
    this.products = new ProductStore(deps.db);
  }

  /** The index, current as of now; undefined when no product was ever ingested. */
  async get(): Promise<NameIndex | undefined> {
    if (!this.index) return (this.building ??= this.buildFromStore().finally(() => (this.building = undefined)));
    if (Date.now() - this.lastRefresh >= (this.deps.refreshEveryMs ?? 2000))
      await (this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined)));
    return this.index;
  }

  /** Picks up a newer product (rebuild) and the stream changes since the last look. */
  async refresh(): Promise<void> {
    this.lastRefresh = Date.now();
    const latest = await this.products.latest();
    if (latest && latest.id !== this.productId) {
      await this.buildFromStore();
      return;
    }
    if (this.index) await this.applyChanges(this.index);
  }

  private async applyChanges(index: NameIndex): Promise<void> {
    for (;;) {
      const page = await this.products.changesAfter(this.appliedSeq);
      if (page.length === 0) break;
      for (const c of page) {
        if (c.removed) index.remove(c.number);
        else index.upsert(indexedEntityOf(companyOfLine(c.line)));
        this.appliedSeq = c.seq;
      }
    }
  }

  private async buildFromStore(): Promise<NameIndex | undefined> {
    this.lastRefresh = Date.now();
    const product = await this.products.latest();
    if (!product) return undefined;
    // Built in a worker thread: this one only reads the chunks from the store (building 5.5 million companies
    // here held the event loop for seconds at a time).
    const segment = WorkerSegment.start(LINE_SOURCE, product.companies);
    try {
      for await (const chunk of this.products.chunks(product.id)) await segment.add(chunk);
      return this.install(await indexOf(segment), product.id);
    } finally {
      await segment.close();
    }
  }

  private async install(index: NameIndex, productId: number): Promise<NameIndex> {
    this.appliedSeq = 0;
    await this.applyChanges(index);
    this.index = index;
    this.productId = productId;
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
      await this.install(index, id);
      return counts;
    } catch (err) {
      await this.products.fail(id, err instanceof Error ? err.message : String(err), this.deps.now()).catch(() => undefined);
      throw err;
    } finally {
      await segment.close();
    }
  }
}
