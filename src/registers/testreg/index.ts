import type {
  DataPointPayloads,
  FetchableDataPoint,
  Fetched,
  Register,
  RetrievedDocument,
  CallContext,
  SourceResults,
} from '../contract.ts';
import { loadCatalogue } from '../catalogue.ts';
import { RegisterError } from '../errors.ts';
import { idRefusal, lengthOrCharacterProblem } from '../id-refusal.ts';
import {
  behaviourLatency,
  scaleLatency,
  type CallKind,
  type SandboxLatency,
  type SandboxRecord,
  type SandboxStore,
} from '../../sandbox/store.ts';
import { sleep } from '../../shared/sleep.ts';
import { scaledDelayMs } from './delay.ts';
import { parseDocumentId } from './document-list.ts';
import { resolveShowcaseAlias } from './groups.ts';
import { renderDocument } from './documents.ts';
import { TestRecordSchema } from './record.ts';
import { searchCompanies } from './search.ts';
import { throwIfSpecial } from './special.ts';
import { viewOf, viewParts } from './view.ts';

export { TestRecordSchema, type TestRecord } from './record.ts';

const COUNTRY = 'TEST';
/** What a TEST register lookup takes in real life; scaled by SANDBOX_LATENCY. */
const BASE_LATENCY_MS = 300;
export const TEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const TEST_ID_FORMAT =
  '1 to 64 characters, no prefix: letters A-Z or a-z, digits 0-9, dots, underscores or hyphens, the first a letter or ' +
  'digit (no check digit), e.g. GRAPH-CHAIN';

export interface TestRegisterOptions {
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock, for `retrievedAt`; generated data itself never depends on time. */
  now?: () => Date;
}

/**
 * The built-in sandbox register: real but deterministic. Any valid id is a company generated from the id (the
 * same in every process), unless the operator stored one under that id; special ids fail on purpose
 * (CONTRACT §3); stored behaviours and outages make any company slow or failing (CONTRACT §5).
 *
 * @example
 * const register = new TestRegister({ sandbox, latency: 'fast', now: () => clock.now() });
 * const { data } = await register.fetch('shareholders', 'ACME-HOLDING', { mode: 'verification', signal });
 */
export class TestRegister implements Register {
  readonly countryCode = COUNTRY;
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [
    {
      key: 'registrationNumber',
      description: '1 to 64 letters, digits, dots, underscores or hyphens, starting with a letter or digit',
      pattern: TEST_ID_PATTERN,
    },
  ] as const;
  /** Validates the `record` of `PUT /admin/sandbox/TEST/companies/{id}` (CONTRACT §5). */
  readonly sandboxRecordSchema = TestRecordSchema;

  private readonly sandbox: SandboxStore;
  private readonly latency: SandboxLatency;
  private readonly now: () => Date;
  private readonly priceOf = (type: string) => this.catalogue.documents.find((d) => d.type === type)?.price;

  constructor(opts: TestRegisterOptions) {
    this.sandbox = opts.sandbox;
    this.latency = opts.latency;
    this.now = opts.now ?? (() => new Date());
  }

  parseCompanyId(raw: string): string {
    const id = raw.trim();
    if (!TEST_ID_PATTERN.test(id)) {
      const problem = /^[._-]/.test(id)
        ? `starts with "${id[0]}"`
        : lengthOrCharacterProblem(id, /[A-Za-z0-9._-]/, { min: 1, max: 64 }, 'character');
      throw idRefusal('TEST', id, problem, TEST_ID_FORMAT);
    }
    // A `GRAPH_` showcase id becomes its group's root here, so the request, its graph and its billing name one company.
    return resolveShowcaseAlias(id);
  }

  async precheck(companyId: string): Promise<void> {
    throwIfSpecial(companyId);
  }

  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim();
    throwIfSpecial(q);
    await this.checkOutage();
    // One read of the stored entries, removed ones included: generated candidates are checked against it in memory.
    const entries = await this.sandbox.list(COUNTRY, { removed: true });
    const byId = new Map(entries.map((r) => [r.companyId, r]));
    const stored = entries.filter((r) => !r.removed);
    // A search for a stored id is a call about that company: its latency and failures apply.
    const target = stored.find((r) => r.companyId.toLowerCase() === q.toLowerCase());
    await this.delay(target, 'search', ctx.signal);
    if (target) await this.failIfBehaviourSays(target, { notFound: false });
    const results = await searchCompanies(q, {
      stored,
      lookup: async (id) => byId.get(id),
      idPattern: TEST_ID_PATTERN,
    });
    yield { source: 'TEST register', results };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = this.parseCompanyId(companyId);
    const stored = await this.gate(id, dataPoint === 'availableDocuments' ? 'documents' : 'profile', ctx.signal);
    const data =
      dataPoint === 'company'
        ? viewParts(id, stored, this.priceOf, ['company', 'companyRelationships'])
        : viewParts(id, stored, this.priceOf, [dataPoint])[dataPoint];
    return {
      data: data as DataPointPayloads[D],
      source: { overall: { type: 'live_from_registry', register: this.catalogue.register, retrievedAt: this.now().toISOString() } },
    };
  }

  async fetchDocument(companyId: string, documentId: string, ctx: CallContext): Promise<RetrievedDocument> {
    const id = this.parseCompanyId(companyId);
    throwIfSpecial(id, documentId);
    const stored = await this.gate(id, 'documents', ctx.signal);
    const view = viewOf(id, stored, this.priceOf);
    const entry = view.availableDocuments.find((d) => d.id === documentId.trim());
    if (!entry) throw RegisterError.notFound(`document ${documentId} is not a document of TEST company ${id}`);
    return renderDocument(view, entry, this.catalogue.register);
  }

  /**
   * Prices a document without calling the register: a stored company's documents are those of its record; a
   * generated company's ids say their type (`TEST-DOC-<companyId>-<type>-<year>`).
   */
  async documentType(companyId: string, documentId: string): Promise<string | undefined> {
    const id = this.parseCompanyId(companyId);
    const docId = documentId.trim();
    throwIfSpecial(docId);
    const stored = await this.sandbox.get(COUNTRY, id);
    if (stored) return viewOf(id, stored, this.priceOf).availableDocuments.find((d) => d.id === docId)?.type;
    const parsed = parseDocumentId(docId);
    return parsed && parsed.companyId === id ? parsed.type : undefined;
  }

  /**
   * The checks every company call passes, in order: special id, outage, removal, the stored behaviour
   * (latency, always unavailable, failures left, not found). Returns the stored entry, if any.
   */
  private async gate(id: string, kind: CallKind, signal: AbortSignal): Promise<SandboxRecord | undefined> {
    throwIfSpecial(id);
    await this.checkOutage();
    const stored = await this.sandbox.get(COUNTRY, id);
    if (stored?.removed) throw RegisterError.notFound(`${id} is no longer in the TEST register`);
    await this.delay(stored, kind, signal, id);
    if (stored) await this.failIfBehaviourSays(stored, { notFound: true });
    return stored;
  }

  private async checkOutage(): Promise<void> {
    if (await this.sandbox.isInOutage(COUNTRY)) throw RegisterError.unavailable('the TEST register is in a sandbox outage');
  }

  /**
   * Waits as long as a call takes: the operator's stored latency first, else the id's delay token, else the usual
   * lookup time. A plain timer, not the service clock: `POST /admin/clock` does not shorten a wait under way.
   */
  private async delay(stored: SandboxRecord | undefined, kind: CallKind, signal: AbortSignal, id?: string): Promise<void> {
    const ms =
      (stored && behaviourLatency(stored.behaviour, kind)) ??
      (id === undefined ? undefined : scaledDelayMs(id, this.latency)) ??
      scaleLatency(BASE_LATENCY_MS, this.latency);
    await sleep(ms, signal);
  }

  private async failIfBehaviourSays(stored: SandboxRecord, opts: { notFound: boolean }): Promise<void> {
    const b = stored.behaviour;
    if (b.unavailable) throw RegisterError.unavailable(`the TEST register is unavailable for ${stored.companyId} (sandbox behaviour)`);
    if (b.failTimes && (await this.sandbox.consumeFailure(COUNTRY, stored.companyId))) {
      throw RegisterError.unavailable(`the TEST register failed for ${stored.companyId} (sandbox failTimes)`);
    }
    if (opts.notFound && b.notFound) throw RegisterError.notFound(`${stored.companyId} is not in the TEST register (sandbox behaviour)`);
  }
}
