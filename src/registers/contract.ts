import type {
  AvailableDocument,
  Company,
  CompanyRelationship,
  DocumentCategory,
  DocumentItem,
  Establishment,
  LegalRepresentative,
  Mode,
  OtherKeyPerson,
  SearchResult,
  Shareholder,
  Source,
  Subsidiary,
  UltimateBeneficialOwner,
} from '../contract/index.ts';
import type { ZodType } from 'zod';
import type { WorkQueue } from '../jobs/queue.ts';
import type { Catalogue } from './catalogue.ts';

/** The data points a register fetches itself. `companyProfile` is served by `company`; `graph` is built from shareholders. */
export type FetchableDataPoint =
  | 'company'
  | 'legalRepresentatives'
  | 'otherKeyPersons'
  | 'establishments'
  | 'shareholders'
  | 'subsidiaries'
  | 'ultimateBeneficialOwners'
  | 'availableDocuments';

/** What each data point delivers. */
export interface DataPointPayloads {
  company: { company: Company; companyRelationships?: CompanyRelationship[] };
  legalRepresentatives: LegalRepresentative[];
  otherKeyPersons: OtherKeyPerson[];
  establishments: Establishment[];
  shareholders: Shareholder[];
  subsidiaries: Subsidiary[];
  ultimateBeneficialOwners: UltimateBeneficialOwner[];
  availableDocuments: AvailableDocument[];
}

export interface Fetched<D extends FetchableDataPoint> {
  data: DataPointPayloads[D];
  /** Where the block came from; `fields` only where some fields have another origin than the block. */
  source: { overall: Source; fields?: Record<string, Source> };
  /**
   * Documents this fetch downloaded to build the data (CN: the credit report the profile is read from): kept, so
   * that a document request of the same retrieval is served from them instead of calling the register again.
   */
  documents?: RetrievedDocument[];
  /**
   * Set when the block is delivered without the part its price pays for, because the register could not give it
   * (a JE entity that is no longer active has no profile report): what is delivered is not charged, nor are the
   * documents the block includes. The provenance (`source`) says why.
   */
  uncharged?: true;
  /**
   * A digest of the register's own answer the block was mapped from: `answerDigestFor(ctx, nativeRecord)`, of the
   * native record as read, before any mapping of ours; set for a monitor's read (`purpose: 'monitor'`) only. A monitor
   * that reads the same digest again knows the register did not change, so a snapshot an earlier `mappingVersion` made
   * is taken afresh without a notification. Leave it out where the answer holds what changes with every read (a time
   * of issue), or where there is no answer apart from the mapping (TEST).
   */
  answerDigest?: string;
}

export interface RetrievedDocument {
  item: DocumentItem & { category: DocumentCategory; type: string };
  contentType: string;
  content: Uint8Array;
}

/** One identifier a register knows, with the pattern that validates it. */
export interface IdentifierSpec {
  /** The key under `company.identifiers`, e.g. `registrationNumber`, `dosId`. */
  key: string;
  description: string;
  pattern: RegExp;
}

export interface CallContext {
  mode: Mode;
  /** Aborted at the onboarding deadline or when the request is abandoned. */
  signal: AbortSignal;
  /**
   * Who asks, when it is not the data point itself: `graph` when the ownership graph reads a company's shareholders
   * to traverse it (a register may then answer from a fresh bulk product of its own instead of a live call: GB's PSC
   * snapshot); `monitor` when a monitor checks the company (a register whose companies stay listed after they end
   * may then answer `resource_not_found` for one that has left it, so that the monitor sees it disappear: GB's
   * dissolved companies). The customer's own data points are unaffected.
   */
  purpose?: 'graph' | 'monitor';
  /**
   * The request's `includeFormerOfficers`: legal representatives and other key persons who left (resigned, ceased) are
   * kept, with their `endDate`, where the register publishes them. Without it the lists describe current office only.
   */
  includeFormerOfficers?: boolean;
}

export interface SourceResults {
  /** The source that answered, e.g. `snapshot`, `live`; one SSE `progress` event each. */
  source: string;
  results: SearchResult[];
}

/**
 * A company register: the unit of extension. One folder per jurisdiction implements it; nothing outside
 * `registers/` names a country.
 *
 * Errors are thrown as `RegisterError` (`resource_not_found`, `service_unavailable` (retryable),
 * `processing_failed`, `invalid_request`).
 *
 * @example
 * ```ts
 * class AcmeRegister implements Register {
 *   readonly countryCode = 'XX';
 *   readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
 *   readonly identifiers = [{ key: 'registrationNumber', description: '8 digits', pattern: /^\d{8}$/ }];
 *   parseCompanyId(raw: string) { return raw.replace(/\s+/g, ''); }
 *   async *search(query: string, ctx: CallContext) { yield { source: 'registry', results: await client.search(query) }; }
 *   async fetch(dataPoint, companyId, ctx) { ... }
 *   async fetchDocument(companyId, documentId, ctx) { ... }
 * }
 * ```
 */
export interface Register {
  /** The register's country code as used in the API: ISO alpha-2, `US-XX` or `TEST`. */
  readonly countryCode: string;
  /** Price catalogue (data), the source of truth for availability, prices and authoritative flags. */
  readonly catalogue: Catalogue;
  readonly identifiers: readonly IdentifierSpec[];
  /** The native format of a sandbox `record` (CONTRACT §5), checked when the operator stores one. */
  readonly sandboxRecordSchema?: ZodType;
  /**
   * The version of how this register's answers map to the API's shapes (default 1). Raise it with a change that
   * alters what an unchanged company maps to: a monitored company is then taken afresh at its next read at the
   * register, without a notification, while the register's feed vouches that the register did not change it, or the
   * register's answer is the one the snapshot was made from (`Fetched.answerDigest`; src/monitors/checker.ts). Where
   * neither can tell (the TEST register), its monitors see the change.
   */
  readonly mappingVersion?: number;

  /**
   * Validates and normalises a company id for retrieval; throws RegisterError `invalid_request` with a
   * message saying what a valid id looks like.
   */
  parseCompanyId(raw: string): string;

  /**
   * Local checks that need no register call and settle the request at once (the TEST register's
   * special ids); return undefined to proceed.
   */
  precheck?(companyId: string): Promise<void>;

  /** Searches by name or identifier; yields once per source as each finishes. Throws RegisterError. */
  search(query: string, ctx: CallContext): AsyncIterable<SourceResults>;

  fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>>;

  fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument>;

  /**
   * The catalogue document type of a document id (a `type` of `catalogue.documents`), so that a request can be
   * priced before any register call. Undefined when the register knows no such document of the company; the
   * item then fails as `resource_not_found` without being charged. May throw RegisterError (e.g. special ids).
   * A register without it cannot sell documents: requested ones fail as `datapoint_not_supported`.
   */
  documentType?(companyId: string, documentId: string): Promise<string | undefined>;

  /**
   * True when fetching `dataPoint` retrieves the document `documentId` too and hands it on (`Fetched.documents`):
   * a request asking for both then runs the document's task after that data point's, and delivers it from those
   * bytes instead of a second register call (CN: the credit report the profile is read from, minutes each).
   */
  handsOnDocument?(dataPoint: FetchableDataPoint, documentId: string): boolean;

  /**
   * Fetches that are one register call for a company (CN: the credit report every profile data point is read from,
   * one download shared by the calls in flight) name it by the same key; others none. A request's tasks waiting on
   * one call hold one of the account's verification slots together, not one each.
   */
  sharedCall?(dataPoint: FetchableDataPoint): string | undefined;

  /**
   * Registers that publish their changes (US-NY's snapshots, GB's streaming API): the companies changed after
   * `cursor`, a page at a time. Monitors read every company they name at the register at its next check; a monitored
   * company it does not name is confirmed unchanged by the feed, without a call, while the feed says it is complete
   * past the check's due time (`coveredUntil`). Without a cursor it answers none and the cursor of the latest change.
   */
  changedCompanies?(cursor: string | undefined, limit: number): Promise<ChangedCompaniesPage>;

  /**
   * Starts the register's background work once per process (the US-NY daily snapshot ingestion), as jobs of the
   * shared queue: several processes may run, so schedules must be deduplicated (job keys) and jobs idempotent.
   */
  start?(ctx: RegisterStartContext): Promise<void>;

  /**
   * Ends the register's own work when the service stops: calls it shares between callers, and its sandbox
   * emulator with the latency sleeps and connections in it, so that nothing keeps the process alive afterwards.
   */
  close?(): Promise<void>;
}

export interface ChangedCompaniesPage {
  companyIds: string[];
  /** Where the next page starts. */
  cursor: string;
  /** True when there are more pages now. */
  more: boolean;
  /**
   * The feed holds every change the register published up to this time, as of the start of this read (read before
   * the page, so that a change published by then is on this page or a later one). None: not known; then no
   * check is confirmed by the feed, and every due company is read at the register.
   */
  coveredUntil?: Date;
}

export interface RegisterStartContext {
  queue: WorkQueue;
  /** The process's logger, for the failures of the register's background work (its jobs run with no caller to tell). */
  log?: { error(fields: object, msg: string): void };
}
