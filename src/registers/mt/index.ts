import type { Company } from '../../contract/index.ts';
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
import { idRefusal } from '../id-refusal.ts';
import { MtRegistryEmulator } from './emulator/server.ts';
import { SANDBOX_ACCOUNT } from './emulator/auth.ts';
import {
  COMPANY_ID_FORMAT,
  COMPANY_ID_PATTERN,
  companyIdProblem,
  isCompanyNumber,
  normaliseCompanyNumber,
  parseDocumentId,
  registerNumberOf,
  REGISTRATION_NUMBER_KEY,
} from './ids.ts';
import { companyOf } from './mapping/company.ts';
import { availableDocumentOf, kindByCode, kindOf, retrievedItemOf } from './mapping/documents.ts';
import { legalRepresentativesOf, otherKeyPersonsOf } from './mapping/people.ts';
import { nameResultOf, numberResultOf } from './mapping/search.ts';
import { MtRegistryClient, type MtCredentials, type RegistryLocation } from './portal/client.ts';
import { UuidResolver } from './uuids.ts';
import { MtRecordSchema } from './record.ts';
import { configuredBase, onFirstUse } from '../location.ts';

export { MtRecordSchema, type MtRecord, type MtRecordInput } from './record.ts';
export { MtRegistryEmulator } from './emulator/server.ts';
export type { MtCredentials } from './portal/client.ts';

export type MtRegisterOptions =
  | { mode: 'sandbox'; sandbox: SandboxStore; latency: SandboxLatency; now: () => Date; sessionTtlMs?: number }
  | { mode: 'live'; registryUrl: string; credentials: MtCredentials; now: () => Date };

/** A VAT number (MT and 8 digits): the register cannot be searched by it (spec §2.11). */
const VAT_RE = /^MT\d{8}$/;

/**
 * Malta (spec §2.11): one source, the business registry's online system, behind a login with a time-based
 * one-time password; data is live. Companies are known by number (`C 12345`, id `C12345`) and, inside the system,
 * by a UUID that the connector resolves from the number. Documents are listed free and bought once each, in three
 * calls. In sandbox mode the system is an in-process emulator on a loopback port, started on first use.
 *
 * @example
 * const mt = new MtRegister({ mode: 'sandbox', sandbox, latency: 'none', now: () => new Date() });
 * const { data } = await mt.fetch('company', 'C21345', { mode: 'verification', signal });
 */
export class MtRegister implements Register {
  readonly countryCode = 'MT';
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [
    { key: REGISTRATION_NUMBER_KEY, description: 'the letter C and digits, e.g. C 12345 (spaces are ignored)', pattern: /^C\s*\d{1,7}$/i },
  ] as const;
  /** The `record` of `PUT /admin/sandbox/MT/companies/{number}`: the company as the registry holds it (CONTRACT §5). */
  readonly sandboxRecordSchema = MtRecordSchema;

  readonly client: MtRegistryClient;
  private readonly uuids: UuidResolver;
  private readonly now: () => Date;
  private emulator: MtRegistryEmulator | undefined;

  constructor(opts: MtRegisterOptions) {
    this.now = opts.now;
    let location: RegistryLocation;
    if (opts.mode === 'sandbox') {
      const emulator = new MtRegistryEmulator(opts);
      this.emulator = emulator;
      location = onFirstUse(emulator);
    } else {
      location = configuredBase(opts.registryUrl);
    }
    this.client = new MtRegistryClient(location, opts.mode === 'sandbox' ? SANDBOX_ACCOUNT : opts.credentials);
    this.uuids = new UuidResolver(this.client);
  }

  parseCompanyId(raw: string): string {
    const id = normaliseCompanyNumber(raw);
    if (!COMPANY_ID_PATTERN.test(id)) throw idRefusal('MT', id, companyIdProblem(id), COMPANY_ID_FORMAT);
    return id;
  }

  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim().replace(/\s+/g, ' ');
    const source = this.catalogue.register;
    if (isCompanyNumber(q)) {
      const hit = await this.uuids.find(normaliseCompanyNumber(q), ctx.signal);
      yield { source, results: hit ? [numberResultOf(hit)] : [] };
      return;
    }
    if (VAT_RE.test(normaliseCompanyNumber(q))) {
      throw new RegisterError(
        'invalid_request',
        'the MT register cannot be searched by VAT number: search by company number (C 12345) or by name',
      );
    }
    if (q.replace(/\s/g, '').length < 3)
      throw new RegisterError('invalid_request', 'an MT name search needs at least 3 characters (or a company number such as C 12345)');
    const { items } = await this.client.searchByName(q, ctx.signal);
    for (const hit of items) this.uuids.remember(hit);
    yield { source, results: items.map((hit) => nameResultOf(hit, q)) };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = this.parseCompanyId(companyId);
    // Called once the registry answered: `retrievedAt` is then, not when the request started.
    const answeredAt = () => this.now().toISOString();
    // `answer`: the system's JSON the block was mapped from, as read (its digest tells monitors whether it changed).
    const done = (
      data: unknown,
      answer: unknown,
      retrievedAt = answeredAt(),
      fields?: Record<string, { type: 'inferred'; register: string; retrievedAt: string }>,
    ) =>
      ({
        data: data as DataPointPayloads[D],
        source: {
          overall: { type: 'live_from_registry' as const, register: this.catalogue.register, retrievedAt },
          ...(fields ? { fields } : {}),
        },
        answerDigest: answerDigestFor(ctx, answer),
      }) as Fetched<D>;
    const involvements = () => this.uuids.withUuid(id, signal, (uuid) => this.client.involvements(uuid, signal));
    const { signal } = ctx;

    switch (dataPoint) {
      case 'company': {
        const details = await this.uuids.withUuid(id, signal, (uuid) => this.client.company(uuid, signal));
        const company: Company = await companyOf(id, details);
        const retrievedAt = answeredAt();
        const inferred = {
          ...(company.activities
            ? {
                activities: {
                  type: 'inferred' as const,
                  register: 'NACE/ISIC inferred from the company type, subtype and the trade words of the name',
                  retrievedAt,
                },
              }
            : {}),
          ...(company.legalForm?.isAIEnriched
            ? {
                legalForm: {
                  type: 'inferred' as const,
                  register: 'legal form classified from the company type, subtype and suffix',
                  retrievedAt,
                },
              }
            : {}),
        };
        return done({ company }, details, retrievedAt, Object.keys(inferred).length ? inferred : undefined);
      }
      case 'legalRepresentatives': {
        const answer = await involvements();
        return done(legalRepresentativesOf(id, answer), answer);
      }
      case 'otherKeyPersons': {
        const answer = await involvements();
        return done(otherKeyPersonsOf(id, answer), answer);
      }
      case 'availableDocuments': {
        const filings = await this.uuids.withUuid(id, signal, (uuid) => this.client.documents(uuid, signal));
        return done(
          filings.map((f) => availableDocumentOf(id, f, this.catalogue.documents.find((d) => d.type === kindOf(f.title).type)?.price)),
          filings,
        );
      }
      default:
        // Not in the catalogue (no shareholder register, UBOs or establishments, spec §2.11): the planner never asks.
        throw new RegisterError('invalid_request', `${dataPoint} is not available from the MT register`);
    }
  }

  /**
   * Buys one filing: checks that the company still lists it under the kind its id names, then runs the system's
   * three retrieval calls. The service bills it once per account for 99 years (catalogue `dedupWindow`); the
   * registry charges its own fee once per file.
   */
  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    const ref = parseDocumentId(documentId);
    if (!ref || ref.companyId !== id) throw RegisterError.notFound(`${documentId} is not a document of MT company ${id}`);
    const { signal } = ctx;
    return this.uuids.withUuid(id, signal, async (uuid) => {
      const filing = (await this.client.documents(uuid, signal)).find((f) => f.fileId === ref.fileId);
      if (!filing || kindOf(filing.title).code !== ref.kindCode)
        throw RegisterError.notFound(`${registerNumberOf(id)} has no file ${ref.fileId} of that kind`);
      const content = await this.client.retrieveDocument(uuid, filing.fileId, signal);
      return { item: await retrievedItemOf(id, filing, content), contentType: 'application/pdf', content };
    });
  }

  /** The catalogue type a document id names, when it names this company. */
  async documentType(companyId: string, documentId: string): Promise<string | undefined> {
    const ref = parseDocumentId(documentId);
    return ref && ref.companyId === this.parseCompanyId(companyId) ? kindByCode(ref.kindCode)?.type : undefined;
  }

  /** Stops the sandbox emulator, if one runs (tests). */
  async close(): Promise<void> {
    await this.emulator?.stop();
  }
}
