import type { Company } from '../../contract/index.ts';
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
import { answerDigestFor } from '../answer-digest.ts';
import { RegisterError } from '../errors.ts';
import { idRefusal } from '../id-refusal.ts';
import type { Db } from '../../store/db.ts';
import { CompaniesHouseClient, type ApiLocation } from './client.ts';
import { changedCompaniesOf } from './stream-consumer.ts';
import { GbIndexManager, type IngestCounts } from './search/index-manager.ts';
import { configuredBase, onFirstUse } from '../location.ts';
import { searchResultsOf } from './search/results.ts';
import { gbIndexRules } from './search/rules.ts';
import { tokenize } from '../../shared/name-index/index.ts';
import { REGISTER_BUCKET, StoreTokenBucket } from './token-bucket.ts';
import { GbRegisterEmulator } from './emulator/server.ts';
import { DOWNLOADS_PATH, downloadNames } from './emulator/downloads.ts';
import { snapshotPscs, type SnapshotState } from './psc-snapshot/snapshot.ts';
import { GbBackgroundWork, type BulkProduct } from './background.ts';
import { CompanyResources, type ListPage } from './company-lists.ts';
import { SANDBOX_API_KEY, type GbRegisterOptions } from './options.ts';
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
export { GB_BULK_JOB, GB_PSC_SNAPSHOT_JOB } from './background.ts';
export { SANDBOX_API_KEY, type GbRegisterOptions } from './options.ts';

const IXBRL = 'application/xhtml+xml';
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
  private readonly resources: CompanyResources;
  private readonly now: () => Date;
  private readonly emulator: GbRegisterEmulator | undefined;
  private readonly db: Db | undefined;
  private readonly names: GbIndexManager | undefined;
  /** With the store only: the stream's consumer and the bulk products' jobs. */
  private readonly background: GbBackgroundWork | undefined;

  constructor(opts: GbRegisterOptions) {
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
      key = SANDBOX_API_KEY;
    } else {
      api = configuredBase(opts.apiUrl);
      docs = configuredBase(opts.documentApiUrl);
      key = opts.apiKey;
    }
    this.db = opts.db;
    if (opts.db) {
      const names = new GbIndexManager({ db: opts.db, now: opts.now });
      this.names = names;
      /** The emulator's zip of a product, under the register's name for the service clock's day. */
      const emulatorDownload = async (product: BulkProduct) =>
        `${await api()}${DOWNLOADS_PATH}/${downloadNames(this.now())[product].oneFile}`;
      this.background = new GbBackgroundWork({ opts, db: opts.db, names, api, ...(this.emulator ? { emulatorDownload } : {}) });
    }
    const timeoutMs = opts.timeoutMs ?? 15_000;
    const bucket = opts.db ? new StoreTokenBucket(opts.db, key, opts.bucket ?? REGISTER_BUCKET) : undefined;
    const beforeCall = bucket ? (signal: AbortSignal) => bucket.take(signal) : undefined;
    this.api = new CompaniesHouseClient(api, { apiKey: key, timeoutMs, ...(beforeCall ? { beforeCall } : {}) });
    this.resources = new CompanyResources(this.api);
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
    // Both the register's search and the index leave these words out of a name: a query of nothing else would
    // answer an empty list, as if no such company existed.
    if (tokenize(q).every((w) => gbIndexRules().stopwords.has(w)))
      throw new RegisterError(
        'invalid_request',
        `"${q}" holds only words that most GB company names hold (legal forms such as Limited, Ltd or PLC, and words such as The or Company): search a word of the name, or a company number`,
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
    // `answers`: the API's JSON the block was mapped from, as read (its digest tells a monitor whether it changed).
    const done = (data: unknown, answers: unknown[], documents?: { name: string; date?: string; reason: string }[]) =>
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
        answerDigest: answerDigestFor(ctx, ...answers),
      }) as Fetched<D>;

    switch (dataPoint) {
      case 'company': {
        const p = await this.resources.profile(id, signal);
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
          p.company_status === 'dissolved' ? this.resources.list<GbFiling>(`/company/${id}/filing-history`, signal, 100) : undefined,
          p.has_charges ? this.resources.list<GbCharge>(`/company/${id}/charges`, signal) : undefined,
        ]);
        const company: Company = companyOf(id, p, {
          ...(insolvency ? { insolvency } : {}),
          ...(filings ? { filings } : {}),
          ...(charges ? { charges } : {}),
        });
        // Secured creditors of open charges ride on the company block (companyRelationships, spec §2.5).
        const companyRelationships = securedCreditorsOf(charges ?? []);
        return done({ company, ...(companyRelationships.length ? { companyRelationships } : {}) }, [p, insolvency, filings, charges]);
      }
      case 'legalRepresentatives':
      case 'otherKeyPersons': {
        const officers = await this.resources.companyList<GbOfficer>(id, 'officers', signal);
        const selection = { includeFormer: ctx.includeFormerOfficers === true };
        return done(
          dataPoint === 'legalRepresentatives' ? legalRepresentativesOf(officers, selection) : otherKeyPersonsOf(officers, selection),
          [officers],
        );
      }
      case 'shareholders':
      case 'ultimateBeneficialOwners': {
        // The graph traverses owners from the day's PSC snapshot while it is fresh: no REST call per company.
        const snapshot = ctx.purpose === 'graph' && this.db ? await snapshotPscs(this.db, id, this.now()) : undefined;
        if (snapshot) return this.fromSnapshot(dataPoint, snapshot);
        const [pscs, statements] = await Promise.all([
          this.resources.companyList<GbPsc>(id, 'persons-with-significant-control', signal),
          this.resources.list<GbPsc>(`/company/${id}/persons-with-significant-control-statements`, signal),
        ]);
        // Statements ("no registrable person") and why a list is empty are reported where the owners would be.
        const notes = ownershipNotesOf([...pscs, ...statements], dataPoint);
        return done(dataPoint === 'shareholders' ? shareholdersOf(pscs) : ultimateBeneficialOwnersOf(pscs), [pscs, statements], notes);
      }
      case 'availableDocuments': {
        const filings = await this.resources.companyList<GbFiling>(id, 'filing-history', signal);
        const price = (f: GbFiling) => this.catalogue.documents.find((d) => d.type === kindOf(f).type)?.price;
        return done(
          filings.filter((f) => documentKeyOfFiling(f)).map((f) => availableDocumentOf(id, f, price(f))),
          [filings],
        );
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
    if (!this.background) throw new Error('the PSC snapshot needs the store');
    return this.background.ingestPscSnapshot(sources);
  }

  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    const ref = parseDocumentId(documentId);
    if (!ref || ref.number !== id) throw RegisterError.notFound(`${documentId} is not a document of GB company ${id}`);
    const filings = await this.resources.companyList<GbFiling>(id, 'filing-history', ctx.signal);
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
    if (!this.background) throw new Error('the GB name index needs the store');
    return this.background.ingestBulk(sources);
  }

  /** The stream's consumer, the bulk products' schedules and the name index's build (GbBackgroundWork.start). */
  async start(ctx?: RegisterStartContext): Promise<void> {
    this.names?.reportFailuresTo(ctx?.log);
    await this.background?.start(ctx);
  }

  /** Stops the stream consumer; `start` resumes it from the last stored timepoints (a restart). */
  async stopStream(): Promise<void> {
    await this.background?.stopStream();
  }

  async close(): Promise<void> {
    await this.background?.stopStream();
    await this.emulator?.stop();
  }
}
