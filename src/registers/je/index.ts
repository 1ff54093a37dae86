import type { AvailableDocument, Company } from '../../contract/index.ts';
import { scaleLatency, type SandboxLatency, type SandboxStore } from '../../sandbox/store.ts';
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
import { RegistryEmulator } from './emulator/server.ts';
import { normaliseNumber, NUMBER_FORMAT, NUMBER_KEY, NUMBER_PATTERN, numberOfDocumentId, REPORT_TYPE, reportDocumentId } from './ids.ts';
import { idRefusal, lengthOrCharacterProblem } from '../id-refusal.ts';
import { NOT_DISCLOSED, REPORT_TITLE } from './labels.ts';
import type { MailboxConfig } from './mail/pop3-client.ts';
import { ReportMailbox } from './mail/report-mailbox.ts';
import { companyOfPage, reportFields } from './mapping/company.ts';
import { legalRepresentativesOf, otherKeyPersonsOf, shareholdersOf } from './mapping/people.ts';
import { idResultOf, nameResultsOf } from './mapping/search.ts';
import { isActiveStatus } from './mapping/status.ts';
import { RegistryClient, type EntityPage, type RegistryLocation } from './registry/client.ts';
import { JeRecordSchema } from './record.ts';
import { ProfileReports, type ProfileReport } from './report/reports.ts';
import { configuredBase, onFirstUse } from '../location.ts';

export { JeRecordSchema, type JeRecord, type JeRecordInput } from './record.ts';
export { RegistryEmulator } from './emulator/server.ts';

export type JeRegisterOptions = { now: () => Date; userAgent?: string } & (
  | { mode: 'sandbox'; sandbox: SandboxStore; latency: SandboxLatency }
  | {
      mode: 'live';
      registryUrl: string;
      /** The mailbox the registry e-mails reports to, and its address; without them only public data is served. */
      mailbox?: MailboxConfig;
      reportEmail?: string;
    }
);

/** The report as a document (spec §2.11): tradeRegisterExtract, PDF, English, about a minute to produce. */
const REPORT_ITEM = {
  name: REPORT_TITLE,
  description:
    'Entity profile report of the Jersey Financial Services Commission registry (uncertified, English): registered office, share capital, directors, secretary, shareholders',
  format: 'PDF',
  estimatedDeliverySeconds: 60,
} as const;
const NAME_LENGTH = { min: 2, max: 100 };
const PEOPLE_WORDS = { legalRepresentatives: 'directors', otherKeyPersons: 'secretary', shareholders: 'shareholders' } as const;
const TIMINGS = { attemptWaitMs: 8 * 60_000, orderTimeoutMs: 35 * 60_000, reuseMs: 5 * 60_000 };
const LIVE_POLL_MS = 15_000;

/**
 * Jersey (spec §2.11, registers/je.md): the public pages of the financial regulator's registry give name, number,
 * status, legal form and registration date; everything else comes from the paid entity profile report, ordered on
 * demand, e-mailed as a link about a minute later, read from the report mailbox over POP3 and parsed from the PDF
 * (flagged `ai_analysis` in `dataSources`). Onboarding mode serves the public data only. Sandbox: the website and
 * the mailbox are in-process emulators on loopback ports, reached exactly as the real ones.
 *
 * @example
 * const je = new JeRegister({ mode: 'sandbox', sandbox, latency: 'none', now: () => new Date() });
 * const { data } = await je.fetch('legalRepresentatives', '104325', { mode: 'verification', signal });
 */
export class JeRegister implements Register {
  readonly countryCode = 'JE';
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [{ key: NUMBER_KEY, description: '4 to 7 digits (Jersey registration number)', pattern: NUMBER_PATTERN }] as const;
  /** The `record` of `PUT /admin/sandbox/JE/companies/{number}`: `{entity, report?}` in the registry's terms (CONTRACT §5). */
  readonly sandboxRecordSchema = JeRecordSchema;

  private readonly client: RegistryClient;
  private readonly reports: ProfileReports;
  private readonly now: () => Date;
  private emulator: RegistryEmulator | undefined;

  constructor(opts: JeRegisterOptions) {
    this.now = opts.now;
    let location: RegistryLocation;
    let mailbox: () => Promise<{ box: ReportMailbox; address: string } | undefined>;
    if (opts.mode === 'sandbox') {
      const emulator = new RegistryEmulator(opts);
      this.emulator = emulator;
      const endpoints = onFirstUse(emulator);
      const box = new ReportMailbox(async () => (await endpoints()).mailbox, Math.max(20, scaleLatency(5_000, opts.latency)));
      location = async () => (await endpoints()).registryUrl;
      mailbox = async () => ({ box, address: (await endpoints()).reportEmail });
    } else {
      const { mailbox: config, reportEmail } = opts;
      const box = config && reportEmail ? new ReportMailbox(async () => config, LIVE_POLL_MS) : undefined;
      location = configuredBase(opts.registryUrl);
      mailbox = async () => (box && reportEmail ? { box, address: reportEmail } : undefined);
    }
    this.client = new RegistryClient(location, {
      userAgent: opts.userAgent ?? 'registrum (company registry data service)',
      timeoutMs: 30_000,
    });
    this.reports = new ProfileReports({ registry: this.client, mailbox, now: opts.now, timings: TIMINGS });
  }

  parseCompanyId(raw: string): string {
    const id = normaliseNumber(raw);
    if (!NUMBER_PATTERN.test(id)) throw idRefusal('JE', id, lengthOrCharacterProblem(id, /\d/, { min: 4, max: 7 }, 'digit'), NUMBER_FORMAT);
    return id;
  }

  /** By registration number (4 to 7 digits): that entity only. By name (2 to 100 characters): the registry's first page. */
  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim().replace(/\s+/g, ' ');
    const source = 'JE registry';
    if (/^[\d ]+$/.test(q)) {
      const number = normaliseNumber(q);
      if (!NUMBER_PATTERN.test(number))
        throw new RegisterError('invalid_request', `a Jersey registration number has 4 to 7 digits; "${q}" has ${number.length}`);
      const page = await this.client.entity(number, ctx.signal);
      yield { source, results: page ? [idResultOf(page)] : [] };
      return;
    }
    if (q.length < NAME_LENGTH.min || q.length > NAME_LENGTH.max) {
      throw new RegisterError(
        'invalid_request',
        `a JE name search takes ${NAME_LENGTH.min} to ${NAME_LENGTH.max} characters (got ${q.length}); or search a registration number of 4 to 7 digits`,
      );
    }
    yield { source, results: nameResultsOf(q, await this.client.search(q, ctx.signal)) };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = this.parseCompanyId(companyId);
    const page = await this.page(id, ctx);
    const active = isActiveStatus(page.status);
    const retrievedAt = this.now().toISOString();
    const register = this.catalogue.register;
    const fromPage = { type: 'live_from_registry' as const, register, retrievedAt };
    const fromReport = (report: ProfileReport, reason: string) => ({
      type: 'ai_analysis' as const,
      register: `${register}: ${REPORT_TITLE} (uncertified PDF, parsed)`,
      // The report arrives by e-mail well after the page: what is read from it was retrieved then.
      retrievedAt: report.receivedAt.toISOString(),
      documents: [{ name: `${REPORT_TITLE}, order ${report.reference}`, date: report.receivedAt.toISOString().slice(0, 10), reason }],
    });
    // `answers`: what the registry said that the block was mapped from (the entity page, the report's fields), as
    // read: their digest tells a monitor whether the register changed.
    const done = (data: unknown, source: Fetched<D>['source'], ...answers: unknown[]) => ({
      data: data as DataPointPayloads[D],
      source,
      answerDigest: answerDigestFor(ctx, ...answers),
    });
    // Spec §2.11: an inactive entity has no report, so no representatives, shareholders, address or capital.
    const noReportReason = `the entity is ${page.status}: the registry issues no profile report for it`;
    const noReport = { ...fromPage, documents: [{ name: 'Entity page', reason: noReportReason }] };

    switch (dataPoint) {
      case 'company': {
        const company: Company = companyOfPage(page);
        if (ctx.mode !== 'verification') return done({ company }, { overall: active ? fromPage : noReport }, page);
        // Verification pays for the report; without one only the free public page is delivered, and not charged.
        if (!active) return { ...done({ company }, { overall: noReport }, page), uncharged: true };
        const report = await this.reports.get(id, ctx.signal);
        const extra = reportFields(id, report.fields);
        const parsed = fromReport(report, 'registered office and share capital are parsed from the report PDF');
        const fields = Object.fromEntries(Object.keys(extra).map((k) => [k, parsed]));
        return done(
          { company: { ...company, ...extra } },
          { overall: fromPage, ...(Object.keys(fields).length ? { fields } : {}) },
          page,
          report.fields,
        );
      }
      case 'legalRepresentatives':
      case 'otherKeyPersons':
      case 'shareholders': {
        const people = dataPoint as 'legalRepresentatives' | 'otherKeyPersons' | 'shareholders';
        // No report, so nothing the register could say "none" with: an empty list would claim there are no
        // directors or holders. The data point fails instead, uncharged, saying why.
        if (!active) throw RegisterError.notFound(`JE entity ${id}: ${noReportReason}, so its ${PEOPLE_WORDS[people]} cannot be given`);
        const report = await this.reports.get(id, ctx.signal);
        const map = { legalRepresentatives: legalRepresentativesOf, otherKeyPersons: otherKeyPersonsOf, shareholders: shareholdersOf }[
          people
        ];
        const what = { legalRepresentatives: 'directors', otherKeyPersons: 'the secretary', shareholders: 'shareholders' }[people];
        if (people === 'shareholders' && !report.fields.shareholdersDisclosed) {
          // The report says the holders were not disclosed: the empty list is not the register saying "none".
          const notDisclosed = fromReport(report, `the report states: "${NOT_DISCLOSED}" This empty list does not mean there are none`);
          return done([], { overall: { ...notDisclosed, type: 'not_available' as const } }, report.fields);
        }
        return done(map(id, report.fields), { overall: fromReport(report, `${what} parsed from the report PDF`) }, report.fields);
      }
      case 'availableDocuments': {
        const price = this.catalogue.documents.find((d) => d.type === REPORT_TYPE)?.price;
        const doc: AvailableDocument = {
          id: reportDocumentId(id),
          ...REPORT_ITEM,
          type: 'tradeRegisterExtract',
          ...(price !== undefined ? { price } : {}),
        };
        return done(active ? [doc] : [], { overall: active ? fromPage : noReport }, page);
      }
      default:
        // Not in the catalogue (no UBOs, establishments or subsidiaries, spec §2.11): the planner never asks.
        throw new RegisterError('invalid_request', `${dataPoint} is not available from the JE register`);
    }
  }

  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    if (numberOfDocumentId(documentId) !== id) throw RegisterError.notFound(`${documentId} is not a document of JE entity ${id}`);
    const page = await this.page(id, ctx);
    if (!isActiveStatus(page.status))
      throw RegisterError.notFound(`JE entity ${id} is ${page.status}: the registry issues no profile report for it`);
    const report = await this.reports.get(id, ctx.signal);
    return {
      item: {
        id: reportDocumentId(id),
        ...REPORT_ITEM,
        date: report.receivedAt.toISOString().slice(0, 10),
        category: 'tradeRegisterExtract',
        type: REPORT_TYPE,
      },
      contentType: 'application/pdf',
      content: report.pdf,
    };
  }

  /** Every active entity has one document, its profile report, whose id names the entity. */
  async documentType(companyId: string, documentId: string): Promise<string | undefined> {
    return numberOfDocumentId(documentId) === this.parseCompanyId(companyId) ? REPORT_TYPE : undefined;
  }

  /** Stops the sandbox emulator, if one runs (tests). */
  async close(): Promise<void> {
    await this.emulator?.stop();
  }

  private async page(id: string, ctx: CallContext): Promise<EntityPage> {
    const page = await this.client.entity(id, ctx.signal);
    if (!page) throw RegisterError.notFound(`${id} is not in the JE register`);
    return page;
  }
}
