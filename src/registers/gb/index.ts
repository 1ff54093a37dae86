import type { Company } from '../../contract/index.ts';
import { scaleLatency, type SandboxLatency, type SandboxStore } from '../../sandbox/store.ts';
import { loadCatalogue } from '../catalogue.ts';
import type {
  CallContext,
  ChangedCompaniesPage,
  RegisterStartContext,
  DataPointPayloads,
  FetchableDataPoint,
  Fetched,
  Register,
  RetrievedDocument,
  SourceResults,
} from '../contract.ts';
import { RegisterError } from '../errors.ts';
import { idRefusal } from '../id-refusal.ts';
import type { Db } from '../../store/db.ts';
import { CompaniesHouseClient, type ApiLocation } from './client.ts';
import { changedCompaniesOf, type CompanyEvent, StreamConsumer } from './stream-consumer.ts';
import { GbIndexManager, type IngestCounts } from './search/index-manager.ts';
import { BulkBusyError } from './search/product-store.ts';
import { scheduleRecurring } from '../../jobs/recurring.ts';
import { configuredBase, onFirstUse } from '../location.ts';
import { companyOfProfile, productLineOf } from './search/entity.ts';
import { searchResultsOf } from './search/results.ts';
import { REGISTER_BUCKET, StoreTokenBucket, type BucketOptions } from './token-bucket.ts';
import { GbRegisterEmulator } from './emulator/server.ts';
import { DOWNLOADS_PATH, downloadNames } from './emulator/downloads.ts';
import { redactUrl } from './bulk/product-files.ts';
import { ingestPscSnapshotFiles, snapshotPscs, snapshotState, type SnapshotState } from './psc-snapshot/snapshot.ts';
import type { RateLimitOptions } from './emulator/rate-limit.ts';
import { looksLikeNumber, normaliseNumber, NUMBER_FORMAT, NUMBER_KEY, NUMBER_PATTERN, numberProblem, parseDocumentId } from './ids.ts';
import { companyOf } from './mapping/company.ts';
import { financialDataFromIxbrl } from './mapping/financials.ts';
import { availableDocumentOf, documentItemOf, kindByCode, kindOf } from './mapping/documents.ts';
import { ownershipNotesOf, shareholdersOf, ultimateBeneficialOwnersOf } from './mapping/owners.ts';
import { legalRepresentativesOf, otherKeyPersonsOf } from './mapping/people.ts';
import { idResultOf, nameResultsOf, resultStatus, type ChSearchItem } from './mapping/search.ts';
import { securedCreditorsOf } from './mapping/charges.ts';
import { GbRecordSchema, type GbCharge, type GbFiling, type GbInsolvency, type GbOfficer, type GbProfile, type GbPsc } from './record.ts';
import { statusOf } from './mapping/company.ts';
import { documentKeyOfFiling } from './emulator/filings.ts';

export { GbRecordSchema, type GbRecord, type GbRecordInput } from './record.ts';
export { GbRegisterEmulator } from './emulator/server.ts';

/** The monthly ingestion of the Basic Company Data product, a job of the shared queue. */
export const GB_BULK_JOB = 'gb.bulk.ingest';

/** The key the sandbox connector uses with its emulator (the emulator accepts it and no other). */
export const SANDBOX_API_KEY = 'registrum-sandbox-key';

export type GbRegisterOptions = {
  now: () => Date;
  timeoutMs?: number;
  /** The store: with it, every process shares the API key's budget (a token bucket, gb/001_rate_limit). */
  db?: Db;
  bucket?: BucketOptions;
  /** Failures of background work (the daily PSC snapshot ingestion), to log. */
  onError?: (err: unknown) => void;
} & (
  | { mode: 'sandbox'; sandbox: SandboxStore; latency: SandboxLatency; rateLimit?: RateLimitOptions }
  | {
      mode: 'live';
      apiUrl: string;
      documentApiUrl: string;
      apiKey: string;
      streamUrl?: string;
      streamKey?: string;
      /**
       * The day's PSC snapshot: its parts in order (one zip as the register publishes it, its `_NofM` parts, the JSON
       * lines unzipped, or the register's download page, whose newest snapshot is read).
       */
      pscSnapshot?: readonly string[];
      /** The Basic Company Data product, read as the PSC snapshot, and how often it is ingested (the `gb.bulk.ingest` job). */
      bulk?: { sources: readonly string[]; everyMs: number };
    }
);

interface ListPage<T> {
  items?: T[];
  total_results?: number;
}

const PAGE = 100;
const IXBRL = 'application/xhtml+xml';
/** Lists are read page by page up to this many items (a company with more officers or filings is rare). */
const MAX_ITEMS = 1000;
/** The durable job that ingests the PSC snapshot, daily. */
export const GB_PSC_SNAPSHOT_JOB = 'gb.psc-snapshot.ingest';
const DAY_MS = 86_400_000;
/** Statuses of a company that has ended (constants.yml `company_status`): to a monitor, it has left the register. */
const LEFT_REGISTER = new Set(['dissolved', 'removed', 'converted-closed', 'closed']);

/**
 * Great Britain and Northern Ireland (issue 21, registers/gb.md): the Companies House Public Data API, live and
 * authoritative in both modes. Profile, officers and persons with significant control are read per request;
 * filings are bought through the Document API. In sandbox mode both APIs are an in-process emulator on a loopback
 * port, reached with an API key exactly as the real ones.
 *
 * @example
 * const gb = new GbRegister({ mode: 'sandbox', sandbox, latency: 'none', now: () => new Date() });
 * const { data } = await gb.fetch('ultimateBeneficialOwners', '445790', { mode: 'onboarding', signal });
 */
export class GbRegister implements Register {
  readonly countryCode = 'GB';
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [
    { key: NUMBER_KEY, description: 'company number: 8 digits or 2 letters and 6 digits', pattern: NUMBER_PATTERN },
  ] as const;
  /** The `record` of `PUT /admin/sandbox/GB/companies/{number}`: Companies House's own JSON (CONTRACT §5). */
  readonly sandboxRecordSchema = GbRecordSchema;

  private readonly api: CompaniesHouseClient;
  private readonly documents: CompaniesHouseClient;
  private readonly now: () => Date;
  private emulator: GbRegisterEmulator | undefined;
  private readonly stream: StreamConsumer | undefined;
  private readonly db: Db | undefined;
  private readonly names: GbIndexManager | undefined;
  private apiLocation: ApiLocation = async () => '';
  private readonly pscSnapshot: readonly string[] | undefined;
  private readonly onError: ((err: unknown) => void) | undefined;

  constructor(private readonly opts: GbRegisterOptions) {
    this.now = opts.now;
    let api: ApiLocation;
    let docs: ApiLocation;
    let key: string;
    if (opts.mode === 'sandbox') {
      const emulator = new GbRegisterEmulator({
        sandbox: opts.sandbox,
        now: opts.now,
        latency: opts.latency,
        apiKeys: [SANDBOX_API_KEY],
        ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
      });
      this.emulator = emulator;
      api = docs = onFirstUse(emulator);
      this.apiLocation = api;
      key = SANDBOX_API_KEY;
    } else {
      api = configuredBase(opts.apiUrl);
      docs = configuredBase(opts.documentApiUrl);
      key = opts.apiKey;
    }
    this.db = opts.db;
    this.onError = opts.onError;
    this.pscSnapshot = opts.mode === 'live' ? opts.pscSnapshot : undefined;
    this.names = opts.db ? new GbIndexManager({ db: opts.db, now: opts.now }) : undefined;
    if (opts.db) {
      const live = opts.mode === 'live' ? opts : undefined;
      const streamKey = live ? (live.streamKey ?? live.apiKey) : SANDBOX_API_KEY;
      const streamBase: ApiLocation = live
        ? configuredBase(live.streamUrl ?? 'https://stream.companieshouse.gov.uk')
        : async () => `${await api()}/stream`;
      const sandboxBackoff = opts.mode === 'sandbox' ? Math.max(20, scaleLatency(1000, opts.latency)) : 1000;
      this.stream = new StreamConsumer({
        db: opts.db,
        location: streamBase,
        apiKey: streamKey,
        backoff: { initialMs: sandboxBackoff, maxMs: opts.mode === 'sandbox' ? sandboxBackoff * 8 : 60_000 },
        onCompanyEvent: (e) => this.companyChanged(e),
      });
    }
    const timeoutMs = opts.timeoutMs ?? 15_000;
    const bucket = opts.db ? new StoreTokenBucket(opts.db, key, opts.bucket ?? REGISTER_BUCKET) : undefined;
    const beforeCall = bucket ? (signal: AbortSignal) => bucket.take(signal) : undefined;
    this.api = new CompaniesHouseClient(api, { apiKey: key, timeoutMs, ...(beforeCall ? { beforeCall } : {}) });
    this.documents = new CompaniesHouseClient(docs, {
      apiKey: key,
      timeoutMs: Math.max(timeoutMs, 60_000),
      ...(beforeCall ? { beforeCall } : {}),
    });
  }

  parseCompanyId(raw: string): string {
    const id = normaliseNumber(raw);
    if (!NUMBER_PATTERN.test(id)) throw idRefusal('GB', id, numberProblem(id), NUMBER_FORMAT);
    return id;
  }

  /** By company number: that company only. By name: the register's live search (current and previous names). */
  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim().replace(/\s+/g, ' ');
    const source = this.catalogue.register;
    if (looksLikeNumber(q)) {
      const number = normaliseNumber(q);
      const p = await this.api.get<GbProfile>(`/company/${number}`, ctx.signal);
      yield { source, results: p ? [idResultOf(number, p.company_name, p.registered_office_address, resultStatus(statusOf(p, {})))] : [] };
      return;
    }
    if (q.length < 2 || q.length > 160)
      throw new RegisterError(
        'invalid_request',
        `a GB name search takes 2 to 160 characters (got ${q.length}); or search a company number`,
      );
    // The index of the bulk product first (milliseconds), then the live search for companies newer than it.
    if (this.names) {
      const index = await this.names.get();
      yield { source: `${source} bulk index`, results: index ? searchResultsOf(index.search(q, 50)) : [] };
    }
    const page = await this.api.get<ListPage<ChSearchItem>>(`/search/companies?q=${encodeURIComponent(q)}&items_per_page=50`, ctx.signal);
    yield { source, results: nameResultsOf(q, page?.items ?? []) };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = this.parseCompanyId(companyId);
    const { signal } = ctx;
    const register = this.catalogue.register;
    const done = (data: unknown, documents?: { name: string; date?: string; reason: string }[]) =>
      ({
        data: data as DataPointPayloads[D],
        source: {
          overall: {
            type: 'live_from_registry' as const,
            register,
            retrievedAt: this.now().toISOString(),
            ...(documents?.length ? { documents } : {}),
          },
        },
      }) as Fetched<D>;

    switch (dataPoint) {
      case 'company': {
        const p = await this.profile(id, signal);
        // For monitors a dissolved or removed company has left the register (issue 21: disappearance), though the
        // register keeps answering its profile: the monitor records it gone and deactivates.
        if (ctx.purpose === 'monitor' && LEFT_REGISTER.has(p.company_status))
          throw RegisterError.notFound(
            `GB company ${id} is ${p.company_status}${p.date_of_cessation ? ` since ${p.date_of_cessation}` : ''}: it has left the register`,
          );
        const insolvent =
          p.has_insolvency_history ||
          ['liquidation', 'administration', 'receivership', 'voluntary-arrangement', 'insolvency-proceedings'].includes(p.company_status);
        const [insolvency, filings, charges] = await Promise.all([
          insolvent ? this.api.get<GbInsolvency>(`/company/${id}/insolvency`, signal) : undefined,
          p.company_status === 'dissolved' ? this.list<GbFiling>(`/company/${id}/filing-history`, signal, 100) : undefined,
          p.has_charges ? this.list<GbCharge>(`/company/${id}/charges`, signal) : undefined,
        ]);
        const company: Company = companyOf(id, p, {
          ...(insolvency ? { insolvency } : {}),
          ...(filings ? { filings } : {}),
          ...(charges ? { charges } : {}),
        });
        // Secured creditors of open charges ride on the company block (companyRelationships, spec §2.5).
        const companyRelationships = securedCreditorsOf(charges ?? []);
        return done({ company, ...(companyRelationships.length ? { companyRelationships } : {}) });
      }
      case 'legalRepresentatives':
      case 'otherKeyPersons': {
        const officers = await this.companyList<GbOfficer>(id, 'officers', signal);
        const selection = { includeFormer: ctx.includeFormerOfficers === true };
        return done(
          dataPoint === 'legalRepresentatives' ? legalRepresentativesOf(officers, selection) : otherKeyPersonsOf(officers, selection),
        );
      }
      case 'shareholders':
      case 'ultimateBeneficialOwners': {
        // The graph traverses owners from the day's PSC snapshot while it is fresh: no REST call per company.
        const snapshot = ctx.purpose === 'graph' && this.db ? await snapshotPscs(this.db, id, this.now()) : undefined;
        if (snapshot) return this.fromSnapshot(dataPoint, snapshot);
        const [pscs, statements] = await Promise.all([
          this.companyList<GbPsc>(id, 'persons-with-significant-control', signal),
          this.list<GbPsc>(`/company/${id}/persons-with-significant-control-statements`, signal),
        ]);
        // Statements ("no registrable person") and why a list is empty are reported where the owners would be.
        const notes = ownershipNotesOf([...pscs, ...statements], dataPoint);
        return done(dataPoint === 'shareholders' ? shareholdersOf(pscs) : ultimateBeneficialOwnersOf(pscs), notes);
      }
      case 'availableDocuments': {
        const filings = await this.companyList<GbFiling>(id, 'filing-history', signal);
        const price = (f: GbFiling) => this.catalogue.documents.find((d) => d.type === kindOf(f).type)?.price;
        return done(filings.filter((f) => documentKeyOfFiling(f)).map((f) => availableDocumentOf(id, f, price(f))));
      }
      default:
        // No establishments or subsidiaries in the register's API: not in the catalogue, the planner never asks.
        throw new RegisterError('invalid_request', `${dataPoint} is not available from the GB register`);
    }
  }

  /** Owners from the PSC snapshot (the graph's traversal): the same mapping as the REST answer, dated by the file. */
  private fromSnapshot<D extends FetchableDataPoint>(dataPoint: D, snapshot: { pscs: GbPsc[]; generatedAt: Date }): Fetched<D> {
    const data = dataPoint === 'shareholders' ? shareholdersOf(snapshot.pscs) : ultimateBeneficialOwnersOf(snapshot.pscs);
    const documents = [
      { name: 'PSC snapshot', date: snapshot.generatedAt.toISOString().slice(0, 10), reason: "the register's daily bulk product" },
      ...ownershipNotesOf(snapshot.pscs, dataPoint as 'shareholders' | 'ultimateBeneficialOwners'),
    ];
    return {
      data: data as DataPointPayloads[D],
      source: {
        overall: {
          type: 'cached_from_registry' as const,
          register: this.catalogue.register,
          retrievedAt: snapshot.generatedAt.toISOString(),
          documents,
        },
      },
    } as Fetched<D>;
  }

  /**
   * Downloads the PSC snapshot (sandbox: the emulator's zip of the day; live: the `pscSnapshot` setting) and replaces
   * the stored one. Throws when the file is incomplete (the stored snapshot stays) or the download fails.
   */
  async ingestPscSnapshot(sources?: readonly string[]): Promise<SnapshotState> {
    if (!this.db) throw new Error('the PSC snapshot needs the store');
    const from = sources ?? this.pscSnapshot ?? (this.emulator ? [await this.downloadUrl('pscSnapshot')] : undefined);
    if (!from?.length) throw new Error('no PSC snapshot URL');
    return ingestPscSnapshotFiles(this.db, from, this.now());
  }

  /** The emulator's zip of a product, under the register's name for the service clock's day. */
  private async downloadUrl(product: 'basicCompanyData' | 'pscSnapshot'): Promise<string> {
    return `${await this.apiLocation()}${DOWNLOADS_PATH}/${downloadNames(this.now())[product].oneFile}`;
  }

  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    const ref = parseDocumentId(documentId);
    if (!ref || ref.number !== id) throw RegisterError.notFound(`${documentId} is not a document of GB company ${id}`);
    const filings = await this.companyList<GbFiling>(id, 'filing-history', ctx.signal);
    const filing = filings.find((f) => f.transaction_id === ref.transactionId);
    const key = filing && documentKeyOfFiling(filing);
    if (!filing || !key || kindOf(filing).code !== ref.kind)
      throw RegisterError.notFound(`GB company ${id} has no filing ${ref.transactionId} of that kind`);
    const content = await this.documents.content(`/document/${key}/content`, 'application/pdf', ctx.signal);
    if (!content) throw RegisterError.notFound(`the image of filing ${ref.transactionId} of GB company ${id} is not available`);
    const item = documentItemOf(id, filing);
    const financial = item.category === 'financialStatements' ? await this.taggedAccounts(key, ctx.signal) : undefined;
    return {
      item: financial
        ? { ...item, ...(financial.period ? { period: financial.period } : {}), extractedFinancialData: financial.data }
        : item,
      contentType: 'application/pdf',
      content: content.bytes,
    };
  }

  /**
   * Accounts filed electronically are also on offer as iXBRL (the metadata's `resources`): their tagged facts give
   * the figures. Paper accounts (PDF only) are delivered without extracted figures.
   */
  private async taggedAccounts(key: string, signal: AbortSignal) {
    const meta = await this.documents.get<{ resources?: Record<string, unknown> }>(`/document/${key}`, signal);
    if (!meta?.resources || !(IXBRL in meta.resources)) return undefined;
    const doc = await this.documents.content(`/document/${key}/content`, IXBRL, signal);
    return doc ? financialDataFromIxbrl(new TextDecoder().decode(doc.bytes)) : undefined;
  }

  async documentType(companyId: string, documentId: string): Promise<string | undefined> {
    const ref = parseDocumentId(documentId);
    return ref && ref.number === this.parseCompanyId(companyId) ? kindByCode(ref.kind)?.type : undefined;
  }

  /**
   * Monitors of GB are never polled per company: the stream consumer stores the register's change events and
   * monitors check the companies they touch. Without a store (no consumer) there is no feed.
   */
  changedCompanies(cursor: string | undefined, limit: number): Promise<ChangedCompaniesPage> {
    if (!this.db) return Promise.resolve({ companyIds: [], cursor: cursor ?? '0', more: false });
    return changedCompaniesOf(this.db, cursor, limit);
  }

  /**
   * Downloads the Basic Company Data product and rebuilds the name index from it (sandbox: the emulator's zip of the
   * month; live: `sources`, see the `bulk` option). Returns how many companies and names were indexed.
   */
  async ingestBulk(sources?: readonly string[]): Promise<IngestCounts> {
    if (!this.names) throw new Error('the GB name index needs the store');
    const from = sources ?? (this.emulator ? [await this.downloadUrl('basicCompanyData')] : undefined);
    if (!from?.length) throw new Error('no bulk product URL');
    return this.names.ingest(from, this.now());
  }

  /**
   * A `companies` stream event: the company as it now is goes to the index's changes (a rename is found by its new
   * and its previous name; a dissolved company keeps being found, with its status); a deleted one leaves the index.
   */
  private async companyChanged(e: CompanyEvent): Promise<void> {
    if (!this.names) return;
    if (e.type === 'deleted') return this.names.products.recordChange(e.number, undefined, e.publishedAt);
    const p = e.data as Partial<GbProfile> | undefined;
    if (!p?.company_name || !p.company_status) return;
    await this.names.products.recordChange(e.number, productLineOf(companyOfProfile(e.number, p as GbProfile)), e.publishedAt);
  }

  /**
   * Starts the stream consumer in this process (each process may consume; an event is stored once); schedules the
   * daily PSC snapshot ingestion as a durable job (keyed by due time: one run for all processes); builds the name
   * index from the stored product in the background, and in live mode with a product URL schedules the monthly
   * ingestion as a job of the shared queue (one process runs it: BulkBusyError for the others).
   */
  async start(ctx?: RegisterStartContext): Promise<void> {
    this.stream?.start();
    const db = this.db;
    const onError = this.onError;
    /**
     * A background run's failure (download error, bad zip, refused file): one error line with the job, where it read
     * (without credentials) and why; the stored product stays and the schedule retries in an hour.
     */
    const failed = (job: string, sources: () => readonly string[]) => (err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      ctx?.log?.error({ job, url: sources().map(redactUrl).join(','), reason }, `${job} failed; the stored product is kept`);
      onError?.(err);
    };
    if (ctx && db && (this.emulator || this.pscSnapshot)) {
      let used: readonly string[] = [];
      await scheduleRecurring(ctx.queue, {
        job: GB_PSC_SNAPSHOT_JOB,
        everyMs: DAY_MS,
        now: this.now,
        run: async () => {
          used = this.pscSnapshot ?? [await this.downloadUrl('pscSnapshot')];
          return this.ingestPscSnapshot(used);
        },
        lastApplied: async () => (await snapshotState(db))?.appliedAt,
        onError: failed(GB_PSC_SNAPSHOT_JOB, () => used),
      });
    }
    const names = this.names;
    if (!names) return;
    const bulk = this.opts.mode === 'live' ? this.opts.bulk : undefined;
    if (ctx && bulk) {
      await scheduleRecurring(ctx.queue, {
        job: GB_BULK_JOB,
        everyMs: bulk.everyMs,
        now: this.now,
        lastApplied: async () => (await names.products.latest())?.finishedAt,
        run: () => this.ingestBulk(bulk.sources),
        isBusy: (err) => err instanceof BulkBusyError,
        onError: failed(GB_BULK_JOB, () => bulk.sources),
      });
    }
    void names.get().catch((err) => onError?.(err));
  }

  /** Stops the stream consumer; `start` resumes it from the last stored timepoints (a restart). */
  async stopStream(): Promise<void> {
    await this.stream?.stop();
  }

  async close(): Promise<void> {
    await this.stream?.stop();
    await this.emulator?.stop();
  }

  private async profile(id: string, signal: AbortSignal): Promise<GbProfile> {
    const p = await this.api.get<GbProfile>(`/company/${id}`, signal);
    if (!p) throw RegisterError.notFound(`${id} is not in the GB register`);
    return p;
  }

  /** A list resource of a company; the company itself must exist (404 on the list of an unknown company). */
  private async companyList<T>(id: string, what: string, signal: AbortSignal): Promise<T[]> {
    const first = await this.api.get<ListPage<T>>(`/company/${id}/${what}?items_per_page=${PAGE}`, signal);
    if (!first) {
      // A company without officers or filings answers an empty list; 404 means the company is unknown.
      await this.profile(id, signal);
      return [];
    }
    return this.rest(`/company/${id}/${what}`, first, signal, MAX_ITEMS);
  }

  private async list<T>(path: string, signal: AbortSignal, max = MAX_ITEMS): Promise<T[]> {
    const first = await this.api.get<ListPage<T>>(`${path}?items_per_page=${PAGE}`, signal);
    return first ? this.rest(path, first, signal, max) : [];
  }

  private async rest<T>(path: string, first: ListPage<T>, signal: AbortSignal, max: number): Promise<T[]> {
    const items = [...(first.items ?? [])];
    const total = Math.min(first.total_results ?? items.length, max);
    while (items.length < total) {
      const next = await this.api.get<ListPage<T>>(`${path}?items_per_page=${PAGE}&start_index=${items.length}`, signal);
      if (!next?.items?.length) break;
      items.push(...next.items);
    }
    return items.slice(0, max);
  }
}
