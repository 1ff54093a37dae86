import type { AvailableDocument, Company } from '../../contract/index.ts';
import type { SandboxLatency, SandboxStore } from '../../sandbox/store.ts';
import { loadCatalogue } from '../catalogue.ts';
import type {
  CallContext,
  DataPointPayloads,
  FetchableDataPoint,
  Fetched,
  Register,
  RetrievedDocument,
  SourceResults,
} from '../contract.ts';
import { answerDigestFor } from '../answer-digest.ts';
import { RegisterError } from '../errors.ts';
import { PortalEmulator } from './emulator/server.ts';
import { extractReport, type ExtractedReport } from './extract/report.ts';
import { idRefusal, lengthOrCharacterProblem } from '../id-refusal.ts';
import {
  normaliseUscc,
  REPORT_TYPE,
  reportDocumentId,
  USCC_FORMAT,
  USCC_KEY,
  USCC_PATTERN,
  usccCheckError,
  usccOfDocumentId,
} from './ids.ts';
import { REPORT_TITLE } from './labels.ts';
import { companyOf } from './mapping/company.ts';
import { legalRepresentativesOf, otherKeyPersonsOf } from './mapping/people.ts';
import { searchResultOf } from './mapping/search.ts';
import { PortalClient, type PortalLocation } from './portal/client.ts';
import { CnRecordSchema } from './record.ts';
import { configuredBase, onFirstUse } from '../location.ts';

export { CnRecordSchema, type CnRecord, type CnRecordInput } from './record.ts';
export { PortalEmulator } from './emulator/server.ts';

export type CnRegisterOptions =
  | { mode: 'sandbox'; sandbox: SandboxStore; latency: SandboxLatency; now: () => Date }
  | { mode: 'live'; portalUrl: string; now: () => Date };

interface Report {
  pdf: Uint8Array;
  fields: ExtractedReport;
  /** When the portal's PDF arrived (service clock): the `retrievedAt` of everything read from it. */
  receivedAt: Date;
}

/**
 * The credit report as a document (spec §2.11): category `tradeRegisterExtract`, format code
 * `CHN_CERTIFIED_REGISTER_EXTRACT` (also its catalogue type, the unit it is priced and included by). The file is a PDF.
 */
/** Spec §2.11: CN shareholders are always an empty list, because extraction is not available. */
const SHAREHOLDERS_NOT_EXTRACTED =
  'extraction of shareholders from the credit report is not available: the report lists shareholders and capital contributions (股东及出资信息), so this empty list does not mean the company has none';
const REPORT_ITEM = {
  name: REPORT_TITLE,
  description:
    'Credit information report of the national enterprise credit information publicity system: business licence, key persons, shareholders, branches, changes',
  // Produced on demand by the portal, up to 7 minutes (spec §8).
  estimatedDeliverySeconds: 420,
} as const;

/**
 * China (spec §2.11): one source, the national enterprise credit information portal, reached live behind a
 * captcha; one credit report PDF per company, from whose text every field is extracted. In sandbox mode the portal
 * is an in-process emulator on a loopback port, started on first use; in live mode the configured portal URL.
 *
 * @example
 * const cn = new CnRegister({ mode: 'sandbox', sandbox, latency: 'none', now: () => new Date() });
 * const { data } = await cn.fetch('company', '91500103MA5U3B2X2K', { mode: 'verification', signal });
 */
export class CnRegister implements Register {
  readonly countryCode = 'CN';
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [
    { key: USCC_KEY, description: '18 letters or digits (unified social credit code)', pattern: USCC_PATTERN },
  ] as const;
  /** The `record` of `PUT /admin/sandbox/CN/companies/{uscc}`: the report's content with its own labels (CONTRACT §5). */
  readonly sandboxRecordSchema = CnRecordSchema;

  private readonly client: PortalClient;
  private readonly now: () => Date;
  /** Reports being fetched: data points of one request share one download instead of waiting minutes each. */
  private readonly inFlight = new Map<string, Promise<Report>>();
  /** Aborted at close: shared report fetches, tied to no caller's signal, end with the register. */
  private readonly lifetime = new AbortController();
  private emulator: PortalEmulator | undefined;

  constructor(opts: CnRegisterOptions) {
    this.now = opts.now;
    let location: PortalLocation;
    if (opts.mode === 'sandbox') {
      const emulator = new PortalEmulator(opts);
      this.emulator = emulator;
      location = onFirstUse(emulator);
    } else {
      location = configuredBase(opts.portalUrl);
    }
    this.client = new PortalClient(location);
  }

  parseCompanyId(raw: string): string {
    const id = normaliseUscc(raw);
    if (!USCC_PATTERN.test(id))
      throw idRefusal('CN', id, lengthOrCharacterProblem(id, /[0-9A-Z]/, { min: 18, max: 18 }, 'character'), USCC_FORMAT);
    // Well-formed but impossible (a character outside the standard's set, a wrong check character): almost always a typo.
    const typo = usccCheckError(id);
    if (typo) throw new RegisterError('invalid_request', typo);
    return id;
  }

  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim();
    if (q.replace(/\s/g, '').length < 2) throw new RegisterError('invalid_request', 'a CN search needs at least 2 characters');
    // Each page as the portal answers it: a search of minutes shows its first results early (a `progress` each).
    for await (const hits of this.client.searchPages(q, ctx.signal))
      yield { source: 'CN credit information portal', results: hits.map(searchResultOf) };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = this.parseCompanyId(companyId);
    // Spec §2.11: every CN field is extracted from the credit report PDF, hence `ai_analysis` for the whole block.
    // Its time is when the register's answer arrived, not when the request started (a report takes minutes).
    const sourceAt = (at: Date) => {
      const retrievedAt = at.toISOString();
      return {
        type: 'ai_analysis' as const,
        register: this.catalogue.register,
        retrievedAt,
        documents: [
          { name: REPORT_TITLE, date: retrievedAt.slice(0, 10), reason: 'every field is extracted from the text of the credit report PDF' },
        ],
      };
    };
    const done = (data: unknown, at: Date, fields?: Record<string, { type: 'inferred'; register: string; retrievedAt: string }>) =>
      ({ data: data as DataPointPayloads[D], source: { overall: sourceAt(at), ...(fields ? { fields } : {}) } }) as Fetched<D>;
    // A block read from the report: its digest is the report's text, field by field, as the portal printed it.
    const fromReport = (report: Report, block: Fetched<D>): Fetched<D> => ({ ...block, answerDigest: answerDigestFor(ctx, report.fields) });

    switch (dataPoint) {
      case 'company': {
        const report = await this.report(id, ctx);
        const retrievedAt = report.receivedAt.toISOString();
        const company: Company = await companyOf(id, report.fields);
        const inferred = {
          ...(company.activities
            ? { activities: { type: 'inferred' as const, register: 'NACE/ISIC inferred from the business scope (经营范围)', retrievedAt } }
            : {}),
          ...(company.legalNameInEnglish
            ? {
                legalNameInEnglish: {
                  type: 'inferred' as const,
                  register: 'translated from the legal name: pinyin and a glossary of legal-form and industry terms',
                  retrievedAt,
                },
              }
            : {}),
        };
        // The report just read is the company's one document: handed on, so a request for it is not a second download.
        return {
          ...fromReport(report, done({ company }, report.receivedAt, Object.keys(inferred).length ? inferred : undefined)),
          documents: [this.reportDocument(id, report)],
        };
      }
      case 'legalRepresentatives': {
        const report = await this.report(id, ctx);
        return fromReport(report, done(legalRepresentativesOf(id, report.fields), report.receivedAt));
      }
      case 'otherKeyPersons': {
        const report = await this.report(id, ctx);
        return fromReport(report, done(otherKeyPersonsOf(id, report.fields), report.receivedAt));
      }
      case 'shareholders': {
        // Spec §2.11: always empty (extraction not available). The report is still read, so that an unknown
        // company is a 404 and an outage a failure, as for any other data point.
        // The provenance says so: the report lists shareholders (股东及出资信息), none is extracted, and the empty
        // list does not claim the company has none.
        const report = await this.report(id, ctx);
        const retrievedAt = report.receivedAt.toISOString();
        return fromReport(report, {
          data: [] as unknown as DataPointPayloads[D],
          source: {
            overall: {
              type: 'not_available',
              register: this.catalogue.register,
              retrievedAt,
              documents: [{ name: REPORT_TITLE, date: retrievedAt.slice(0, 10), reason: SHAREHOLDERS_NOT_EXTRACTED }],
            },
          },
        });
      }
      case 'availableDocuments': {
        const hits = await this.client.search(id, ctx.signal);
        if (!hits.some((h) => h.uniscId === id)) throw RegisterError.notFound(`${id} is not in the CN register`);
        const price = this.catalogue.documents.find((d) => d.type === REPORT_TYPE)?.price;
        const doc: AvailableDocument = {
          id: reportDocumentId(id),
          ...REPORT_ITEM,
          type: 'tradeRegisterExtract',
          format: REPORT_TYPE,
          ...(price !== undefined ? { price } : {}),
        };
        return done([doc], this.now());
      }
      default:
        // Not in the catalogue (no UBOs, establishments or subsidiaries, spec §2.11): the planner never asks.
        throw new RegisterError('invalid_request', `${dataPoint} is not available from the CN register`);
    }
  }

  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    if (usccOfDocumentId(documentId) !== id) throw RegisterError.notFound(`${documentId} is not a document of CN company ${id}`);
    return this.reportDocument(id, await this.report(id, ctx));
  }

  /** The credit report as a retrieved document, dated the day it was produced. */
  private reportDocument(id: string, report: Report): RetrievedDocument {
    return {
      item: {
        id: reportDocumentId(id),
        ...REPORT_ITEM,
        format: REPORT_TYPE,
        date: report.receivedAt.toISOString().slice(0, 10),
        category: 'tradeRegisterExtract',
        type: REPORT_TYPE,
      },
      contentType: 'application/pdf',
      content: report.pdf,
    };
  }

  /** Report PDFs the sandbox portal served, per code (tests); undefined against the live portal. */
  get sandboxDownloads(): ReadonlyMap<string, number> | undefined {
    return this.emulator?.downloads;
  }

  /** Every company has exactly one document, its credit report, whose id names the company. */
  async documentType(companyId: string, documentId: string): Promise<string | undefined> {
    return usccOfDocumentId(documentId) === this.parseCompanyId(companyId) ? REPORT_TYPE : undefined;
  }

  /** The profile is read from the credit report, the company's one document, and hands it on. */
  handsOnDocument(dataPoint: FetchableDataPoint, documentId: string): boolean {
    return dataPoint === 'company' && usccOfDocumentId(documentId) !== undefined;
  }

  /** Every data point but the document list is read from the one credit report download (`report`). */
  sharedCall(dataPoint: FetchableDataPoint): string | undefined {
    return dataPoint === 'availableDocuments' ? undefined : 'credit report';
  }

  /** Ends the reports being fetched and stops the sandbox emulator, if one runs. */
  async close(): Promise<void> {
    this.lifetime.abort(RegisterError.unavailable('the CN register closed'));
    await this.emulator?.stop();
  }

  /**
   * Downloads and reads a company's credit report. Concurrent calls for one company share one download; once it
   * settles the next call fetches anew, so the data is always the register's current state.
   */
  private report(uscc: string, ctx: CallContext): Promise<Report> {
    return abortable(() => this.sharedReport(uscc), ctx.signal);
  }

  /** The download of a company's report in flight, or a new one. */
  private sharedReport(uscc: string): Promise<Report> {
    let pending = this.inFlight.get(uscc);
    if (!pending) {
      // Not tied to the first caller's signal: a caller that gives up must not fail the others.
      const signal = AbortSignal.any([AbortSignal.timeout(10 * 60_000), this.lifetime.signal]);
      pending = (async () => {
        const pdf = await this.client.report(uscc, signal);
        const receivedAt = this.now();
        return { pdf, fields: await extractReport(pdf), receivedAt };
      })().finally(() => this.inFlight.delete(uscc));
      this.inFlight.set(uscc, pending);
    }
    return pending;
  }
}

/**
 * Waits for the shared promise `start` gives, or rejects as soon as this caller's signal aborts. A caller that gave up
 * already does not call `start` (a download nobody waits for would fail unheard when the register closes). It listens
 * to the promise's failure even after its caller gave up, so a shared download that fails later (the register
 * closing) is never left unheard.
 */
function abortable<T>(start: () => Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const promise = start();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
