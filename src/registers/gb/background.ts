import { scheduleRecurring } from '../../jobs/recurring.ts';
import { scaleLatency } from '../../sandbox/store.ts';
import type { Db } from '../../store/db.ts';
import type { RegisterStartContext } from '../contract.ts';
import { configuredBase } from '../location.ts';
import { redactUrl } from './bulk/product-files.ts';
import type { ApiLocation } from './client.ts';
import { SANDBOX_API_KEY, type GbRegisterOptions } from './options.ts';
import { ingestPscSnapshotFiles, snapshotState, type SnapshotState } from './psc-snapshot/snapshot.ts';
import type { GbProfile } from './record.ts';
import { companyOfProfile, productLineOf } from './search/entity.ts';
import type { GbIndexManager, IngestCounts } from './search/index-manager.ts';
import { BulkBusyError } from './search/product-store.ts';
import { type CompanyEvent, StreamConsumer } from './stream-consumer.ts';

/** The monthly ingestion of the Basic Company Data product, a job of the shared queue. */
export const GB_BULK_JOB = 'gb.bulk.ingest';
/** The durable job that ingests the PSC snapshot, daily. */
export const GB_PSC_SNAPSHOT_JOB = 'gb.psc-snapshot.ingest';
const DAY_MS = 86_400_000;

/** A bulk product of the register, as the sandbox emulator publishes it for download. */
export type BulkProduct = 'basicCompanyData' | 'pscSnapshot';

export interface GbBackgroundDeps {
  opts: GbRegisterOptions;
  db: Db;
  /** The name index the Basic Company Data product and the stream's company events feed. */
  names: GbIndexManager;
  /** Where the Public Data API is (the stream's base in sandbox mode). */
  api: ApiLocation;
  /** Sandbox mode: the URL of a product's zip for the service clock's day at the emulator. */
  emulatorDownload?: (product: BulkProduct) => Promise<string>;
}

/**
 * The GB register's work that no caller waits for, all of it on the store: the streaming API's consumer (company
 * events into the index's changes, every event into the monitors' feed), the daily PSC snapshot and the monthly
 * Basic Company Data product, ingested by durable jobs.
 */
export class GbBackgroundWork {
  private readonly stream: StreamConsumer;
  private readonly live;

  constructor(private readonly deps: GbBackgroundDeps) {
    const { opts, api } = deps;
    this.live = opts.mode === 'live' ? opts : undefined;
    const live = this.live;
    const streamBase: ApiLocation = live
      ? configuredBase(live.streamUrl ?? 'https://stream.companieshouse.gov.uk')
      : async () => `${await api()}/stream`;
    const sandboxBackoff = opts.mode === 'sandbox' ? Math.max(20, scaleLatency(1000, opts.latency)) : 1000;
    this.stream = new StreamConsumer({
      db: deps.db,
      location: streamBase,
      apiKey: live ? (live.streamKey ?? live.apiKey) : SANDBOX_API_KEY,
      backoff: { initialMs: sandboxBackoff, maxMs: live ? 60_000 : sandboxBackoff * 8 },
      onCompanyEvent: (e) => this.companyChanged(e),
      now: opts.now,
    });
  }

  /**
   * Downloads the PSC snapshot (sandbox: the emulator's zip of the day; live: the `pscSnapshot` setting) and replaces
   * the stored one. Throws when the file is incomplete (the stored snapshot stays) or the download fails.
   */
  async ingestPscSnapshot(sources?: readonly string[]): Promise<SnapshotState> {
    const from = sources ?? this.live?.pscSnapshot ?? (await this.emulatorDownload('pscSnapshot'));
    if (!from?.length) throw new Error('no PSC snapshot URL');
    return ingestPscSnapshotFiles(this.deps.db, from, this.deps.opts.now());
  }

  /**
   * Downloads the Basic Company Data product and rebuilds the name index from it (sandbox: the emulator's zip of the
   * month; live: `sources`, see the `bulk` option). Returns how many companies and names were indexed.
   */
  async ingestBulk(sources?: readonly string[]): Promise<IngestCounts> {
    const from = sources ?? (await this.emulatorDownload('basicCompanyData'));
    if (!from?.length) throw new Error('no bulk product URL');
    return this.deps.names.ingest(from, this.deps.opts.now());
  }

  /**
   * Starts the stream consumer in this process (each process may consume; an event is stored once); schedules the
   * daily PSC snapshot ingestion as a durable job (keyed by due time: one run for all processes); builds the name
   * index from the stored product in the background, and in live mode with a product URL schedules the monthly
   * ingestion as a job of the shared queue (one process runs it: BulkBusyError for the others).
   */
  async start(ctx?: RegisterStartContext): Promise<void> {
    this.stream.start();
    const { db, names, opts } = this.deps;
    /**
     * A background run's failure (download error, bad zip, refused file): one error line with the job, where it read
     * (without credentials) and why; the stored product stays and the schedule retries in an hour.
     */
    const failed = (job: string, sources: () => readonly string[]) => (err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      ctx?.log?.error({ job, url: sources().map(redactUrl).join(','), reason }, `${job} failed; the stored product is kept`);
      opts.onError?.(err);
    };
    const pscSnapshot = this.live?.pscSnapshot;
    if (ctx && (this.deps.emulatorDownload || pscSnapshot)) {
      let used: readonly string[] = [];
      await scheduleRecurring(ctx.queue, {
        job: GB_PSC_SNAPSHOT_JOB,
        everyMs: DAY_MS,
        now: opts.now,
        run: async () => {
          used = pscSnapshot ?? (await this.emulatorDownload('pscSnapshot')) ?? [];
          try {
            return await this.ingestPscSnapshot(used);
          } catch (err) {
            // The emulator's file is named by the day: when the day turned between naming it and the register
            // answering, the register publishes the new day's file instead. Once more, under the new day's name.
            const renamed = pscSnapshot ? undefined : await this.emulatorDownload('pscSnapshot');
            if (!renamed || renamed.join() === used.join()) throw err;
            used = renamed;
            return this.ingestPscSnapshot(used);
          }
        },
        lastApplied: async () => (await snapshotState(db))?.appliedAt,
        onError: failed(GB_PSC_SNAPSHOT_JOB, () => used),
      });
    }
    const bulk = this.live?.bulk;
    if (ctx && bulk) {
      await scheduleRecurring(ctx.queue, {
        job: GB_BULK_JOB,
        everyMs: bulk.everyMs,
        now: opts.now,
        lastApplied: async () => (await names.products.latest())?.finishedAt,
        run: () => this.ingestBulk(bulk.sources),
        isBusy: (err) => err instanceof BulkBusyError,
        onError: failed(GB_BULK_JOB, () => bulk.sources),
      });
    }
    void names.get().catch((err) => {
      ctx?.log?.error(
        { reason: err instanceof Error ? err.message : String(err) },
        'the GB name index could not be built; the next search tries again',
      );
      opts.onError?.(err);
    });
  }

  /** Stops the stream consumer; `start` resumes it from the last stored timepoints (a restart). */
  async stopStream(): Promise<void> {
    await this.stream.stop();
  }

  /** The emulator's zip of a product as the one file to read; undefined in live mode. */
  private async emulatorDownload(product: BulkProduct): Promise<string[] | undefined> {
    return this.deps.emulatorDownload ? [await this.deps.emulatorDownload(product)] : undefined;
  }

  /**
   * A `companies` stream event: the company as it now is goes to the index's changes (a rename is found by its new
   * and its previous name; a dissolved company keeps being found, with its status); a deleted one leaves the index.
   */
  private async companyChanged(e: CompanyEvent): Promise<void> {
    const { products } = this.deps.names;
    if (e.type === 'deleted') return products.recordChange(e.number, undefined, e.publishedAt);
    const p = e.data as Partial<GbProfile> | undefined;
    if (!p?.company_name || !p.company_status) return;
    await products.recordChange(e.number, productLineOf(companyOfProfile(e.number, p as GbProfile)), e.publishedAt);
  }
}
