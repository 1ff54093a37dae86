import type { SearchResult, Source } from '../../contract/index.ts';
import { behaviourLatency, scaleLatency, type SandboxBehaviour, type SandboxLatency, type SandboxStore } from '../../sandbox/store.ts';
import { sleep } from '../../shared/sleep.ts';
import type { Db } from '../../store/db.ts';
import { UsNyEntityRepository } from './repositories/entities.ts';
import { UsNySnapshotRepository } from './repositories/snapshots.ts';
import { loadCatalogue } from '../catalogue.ts';
import type {
  CallContext,
  ChangedCompaniesPage,
  DataPointPayloads,
  FetchableDataPoint,
  Fetched,
  Register,
  RegisterStartContext,
  RetrievedDocument,
  SourceResults,
} from '../contract.ts';
import { answerDigestFor } from '../answer-digest.ts';
import { RegisterError } from '../errors.ts';
import { startEmulator, type Emulator } from './emulator/server.ts';
import { emulatorData } from './emulator-data.ts';
import { DOS_ID_PATTERN, parseDosId } from './ids.ts';
import { IndexManager } from './index-manager.ts';
import { ingestFromApi } from './ingest/ingest.ts';
import { scheduleIngestion, US_NY_INGEST_JOB } from './ingest/job.ts';
import { companyFromLive, companyFromSnapshot, partiesFromLive, partiesFromSnapshot } from './mapping/company.ts';
import { mergeCompany } from './mapping/merge.ts';
import { mergerRelationships } from './mapping/mergers.ts';
import { mapPeople, publishesOfficers } from './mapping/people.ts';
import { PORTAL_SOURCE, PortalClient } from './portal/client.ts';
import type { EntityRecordResponse } from './portal/protocol.ts';
import { UsNySandboxRecordSchema } from './record.ts';
import { UsNyChangeFeed } from './change-feed.ts';
import { ensureSeeded, type SeedOptions } from './sandbox-seed.ts';
import { COUNTRY, SandboxOverlay } from './sandbox-overlay.ts';
import { searchResults } from './search-results.ts';
import { SnapshotSource, type SnapshotLookup } from './snapshot-source.ts';

export { UsNySandboxRecordSchema } from './record.ts';

export const SNAPSHOT_SOURCE = 'New York Department of State: open-data snapshot (data.ny.gov n9v6-gdp6)';
/** What a portal answer takes in real life, scaled by SANDBOX_LATENCY. */
const PORTAL_LATENCY_MS = 1200;

export interface UsNyRegisterOptions {
  db: Db;
  mode: 'sandbox' | 'live';
  /** Sandbox mode: the operator's companies and controls. */
  sandbox?: SandboxStore;
  latency: SandboxLatency;
  now: () => Date;
  /** Live mode: the portal's origin. Sandbox mode starts the emulator instead. */
  portalUrl?: string;
  userAgent: string;
  portalTimeoutMs: number;
  /** Sandbox mode: the generated snapshot seeded on first use. */
  seed?: SeedOptions;
  /** Live mode: the open-data API's datasets, ingested every `ingestEveryMs` (sandbox mode seeds instead). */
  openData?: { entitiesUrl: string; namesUrl?: string; ingestEveryMs: number };
  onError?: (err: unknown) => void;
}

/**
 * New York's Department of State (spec §2.11, registers/us-ny.md). Two sources: the daily open-data snapshot,
 * ingested into the store and searched through an in-memory name index (onboarding mode reads it), and the live
 * public inquiry portal (verification mode queries it beside the snapshot and merges its fields over).
 *
 * Sandbox: the snapshot is a generated one, seeded on first use; the portal is an emulator on a loopback port,
 * started on first use, speaking the real protocol. Operator companies (CONTRACT §5) override the snapshot. A
 * register outage makes the portal unavailable (onboarding and search keep working from the snapshot, as they do
 * when the real portal is down); a company's behaviour applies to every call about it.
 *
 * @example
 * const register = new UsNyRegister({ db, mode: 'sandbox', sandbox, latency: 'fast', now, userAgent, portalTimeoutMs: 15000, seed: { size: 3000, seed: 'registrum' } });
 * const { data } = await register.fetch('company', '100001', { mode: 'onboarding', signal });
 */
export class UsNyRegister implements Register {
  readonly countryCode = COUNTRY;
  readonly catalogue = loadCatalogue(new URL('./catalogue.json', import.meta.url));
  readonly identifiers = [{ key: 'dosId', description: 'the Department of State id, 6 to 8 digits', pattern: DOS_ID_PATTERN }] as const;
  /** Validates the `record` of `PUT /admin/sandbox/US-NY/companies/{dosId}` (CONTRACT §5). */
  readonly sandboxRecordSchema = UsNySandboxRecordSchema;

  readonly snapshot: SnapshotSource;
  readonly index: IndexManager;
  private readonly portal: PortalClient;
  private readonly changeFeed: UsNyChangeFeed;
  private readonly live = new Map<string, Promise<EntityRecordResponse | undefined>>();
  private emulator: Promise<Emulator> | undefined;

  constructor(private readonly opts: UsNyRegisterOptions) {
    const entities = new UsNyEntityRepository(opts.db);
    const snapshots = new UsNySnapshotRepository(opts.db);
    const seed = opts.mode === 'sandbox' && opts.seed ? opts.seed : undefined;
    const prepare = seed ? () => ensureSeeded(opts.db, opts.now, seed) : undefined;
    this.snapshot = new SnapshotSource({ entities, snapshots, sandbox: opts.sandbox, now: opts.now, prepare });
    this.index = new IndexManager({
      entities,
      snapshots,
      overlay: opts.sandbox ? new SandboxOverlay(opts.sandbox) : undefined,
      prepare: () => this.snapshot.ready(),
    });
    this.changeFeed = new UsNyChangeFeed(opts.db, opts.sandbox !== undefined, opts.now);
    this.portal = new PortalClient({
      baseUrl: () => this.portalUrl(),
      userAgent: opts.userAgent,
      timeoutMs: opts.portalTimeoutMs,
      backoffMs: opts.mode === 'sandbox' ? scaleLatency(500, opts.latency) : 500,
    });
  }

  parseCompanyId(raw: string): string {
    return parseDosId(raw);
  }

  /** The companies later snapshots (and, in the sandbox, the operator) changed: what monitors check. */
  changedCompanies(cursor: string | undefined, limit: number): Promise<ChangedCompaniesPage> {
    return this.changeFeed.page(cursor, limit);
  }

  /**
   * Live mode: schedules the daily snapshot ingestion and builds the name index in the background. Their failures,
   * and the index's failed refreshes, go to the process's log.
   */
  async start({ queue, log }: RegisterStartContext): Promise<void> {
    this.index.reportFailuresTo(log);
    const openData = this.opts.openData;
    if (this.opts.mode !== 'live' || !openData) return;
    const snapshots = new UsNySnapshotRepository(this.opts.db);
    const failed = (what: string) => (err: unknown) => {
      log?.error({ reason: err instanceof Error ? err.message : String(err) }, what);
      this.opts.onError?.(err);
    };
    await scheduleIngestion(queue, {
      everyMs: openData.ingestEveryMs,
      now: this.opts.now,
      lastApplied: async () => (await snapshots.latestDone())?.finishedAt ?? undefined,
      run: async () => {
        await ingestFromApi(
          { db: this.opts.db, now: this.opts.now },
          { entities: openData.entitiesUrl, names: openData.namesUrl },
          { userAgent: this.opts.userAgent },
        );
        await this.index.refresh({ rebuilt: true });
      },
      onError: failed(`${US_NY_INGEST_JOB} failed; the stored snapshot is kept`),
    });
    void this.index.get().catch(failed('the US-NY name index could not be built; the next search tries again'));
  }

  /**
   * Name: 2 to 100 characters, fuzzy over current, former and assumed names, from the snapshot index in
   * milliseconds. A dosId (6 to 8 digits) is exact: one result, `matchType: id`; an id the snapshot of active
   * corporations lacks is then asked of the portal, as a second source.
   */
  async *search(query: string, ctx: CallContext): AsyncGenerator<SourceResults> {
    const q = query.trim();
    const index = await this.index.get();
    if (DOS_ID_PATTERN.test(q)) {
      const hit = index.byDosId(q);
      const stored = hit ? await this.opts.sandbox?.get(COUNTRY, q) : undefined;
      if (stored?.behaviour.notFound) {
        yield { source: SNAPSHOT_SOURCE, results: [] };
        return;
      }
      if (stored) await this.obey(stored.behaviour, q, 'search', ctx.signal);
      yield { source: SNAPSHOT_SOURCE, results: hit ? searchResults([hit]) : [] };
      // The snapshot lists active corporations only: an inactive one is still found by id, on the portal.
      if (!hit) yield { source: PORTAL_SOURCE, results: await this.portalIdSearch(q, ctx.signal) };
      return;
    }
    if (q.length < 2 || q.length > 100) {
      throw new RegisterError('invalid_request', 'a US-NY search is a name of 2 to 100 characters, or a dosId of 6 to 8 digits');
    }
    yield { source: SNAPSHOT_SOURCE, results: searchResults(index.search(q, 20)) };
  }

  async fetch<D extends FetchableDataPoint>(dataPoint: D, companyId: string, ctx: CallContext): Promise<Fetched<D>> {
    const id = parseDosId(companyId);
    const verification = ctx.mode === 'verification';
    // Verification: the portal's filing history (mergers) beside its record; a failure fails the block like the record's.
    const filingsCall = verification && dataPoint === 'company' ? this.portal.filingHistory(id, ctx.signal) : undefined;
    filingsCall?.catch(() => undefined);
    const [snap, live] = verification
      ? await Promise.all([this.snapshot.lookup(id), this.liveRecord(id, ctx.signal)])
      : [await this.onboardingLookup(id, ctx.signal), undefined];
    if (verification && !live) throw RegisterError.notFound(`dosId ${id} is not in the New York register`, PORTAL_SOURCE);
    const found = snap.kind === 'found' ? snap : undefined;
    const cached: Source = {
      type: 'cached_from_registry',
      register: SNAPSHOT_SOURCE,
      ...(found ? { retrievedAt: found.asOf.toISOString() } : {}),
    };
    const fresh: Source = { type: 'live_from_registry', register: PORTAL_SOURCE, retrievedAt: this.opts.now().toISOString() };
    const overall = verification ? fresh : cached;
    // What the register said, as read: the snapshot's entity, and in verification the portal's record (its digest
    // tells a monitor whether the register changed).
    const answers = verification ? [found?.entity ?? null, live] : [found!.entity];
    const out = <T>(data: T, fields?: Record<string, Source>, ...more: unknown[]) =>
      ({
        data: data as DataPointPayloads[D],
        source: { overall, ...(fields ? { fields } : {}) },
        answerDigest: answerDigestFor(ctx, ...answers, ...more),
      }) as Fetched<D>;

    switch (dataPoint) {
      case 'company': {
        if (!live) return out({ company: companyFromSnapshot(found!.entity) });
        const merged = mergeCompany(found && companyFromSnapshot(found.entity), companyFromLive(live), cached);
        const filings = (await filingsCall) ?? [];
        const companyRelationships = mergerRelationships(filings, merged.company);
        return out({ company: merged.company, companyRelationships }, { ...merged.fields, companyRelationships: fresh }, filings);
      }
      case 'legalRepresentatives':
      case 'otherKeyPersons': {
        const entityType = live ? (live.entityGeneralInfo?.entityType ?? undefined) : found!.entity.row.entity_type;
        const legalName = live ? (live.entityGeneralInfo?.entityName ?? undefined) : found!.entity.row.current_entity_name;
        const people = mapPeople({ dosId: id, legalName }, entityType, live ? partiesFromLive(live) : partiesFromSnapshot(found!.entity));
        if (dataPoint === 'legalRepresentatives' && !publishesOfficers(entityType)) {
          // Spec §2.11: LLCs, LPs and not-for-profits have no officers in the register, so the empty list is not the
          // register saying "none", and the provenance says so. Not charged: the block's price pays for the officers
          // and agents the register names, and of those this gives none (the agents, asked as otherKeyPersons, are
          // charged as the block).
          const reason = `the register publishes no officers for a ${entityType ?? 'entity of this type'} (only corporations name a CEO): this empty list does not mean it has none`;
          return {
            data: [] as unknown as DataPointPayloads[D],
            source: { overall: { ...overall, type: 'not_available', documents: [{ name: 'Entity record', reason }] } },
            answerDigest: answerDigestFor(ctx, ...answers),
            uncharged: true,
          };
        }
        return out(dataPoint === 'legalRepresentatives' ? people.legalRepresentatives : people.otherKeyPersons);
      }
      default:
        // Not published by the register (spec §2.11), hence not in catalogue.json: retrieval never asks for them.
        throw new RegisterError('processing_failed', `${dataPoint} is not published by the New York register`, false, PORTAL_SOURCE);
    }
  }

  /** The portal's answer for an id the snapshot lacks; nothing when the portal fails (the snapshot answered). */
  private async portalIdSearch(dosId: string, signal: AbortSignal): Promise<SearchResult[]> {
    try {
      const r = await this.liveRecord(dosId, signal);
      const g = r?.entityGeneralInfo;
      if (!g) return [];
      const company = companyFromLive(r);
      return [
        {
          id: dosId,
          legalName: g.entityName,
          countryCode: COUNTRY,
          address: company.legalAddress ?? {},
          matchReason: { matchType: 'id', identifier: 'dosId' },
          status: { localName: company.status?.localName, active: company.status?.active },
          score: 1,
        },
      ];
    } catch (err) {
      if (signal.aborted) throw err;
      return [];
    }
  }

  async fetchDocument(companyId: string, documentId: string): Promise<RetrievedDocument> {
    parseDosId(companyId);
    throw RegisterError.notFound(`US-NY publishes no documents online (${documentId}): certified copies are paid and mailed only`);
  }

  /** The snapshot's entity for onboarding, after the company's sandbox behaviour. */
  private async onboardingLookup(id: string, signal: AbortSignal): Promise<SnapshotLookup & { kind: 'found' }> {
    const snap = await this.snapshot.lookup(id);
    if (snap.kind === 'removed')
      throw RegisterError.notFound(`dosId ${id} is no longer in the New York register's active corporations`, SNAPSHOT_SOURCE);
    if (snap.kind === 'missing') throw RegisterError.notFound(`dosId ${id} is not in the New York register's snapshot`, SNAPSHOT_SOURCE);
    await this.obey(snap.behaviour, id, 'profile', signal);
    return snap;
  }

  /** A sandbox company's behaviour on a call served from the snapshot (the emulator applies it to portal calls). */
  private async obey(b: SandboxBehaviour, id: string, kind: 'search' | 'profile', signal: AbortSignal) {
    const latency = behaviourLatency(b, kind);
    if (latency) await sleep(latency, signal);
    if (b.unavailable) throw RegisterError.unavailable(`the New York register is unavailable for ${id} (sandbox behaviour)`);
    if (b.failTimes && (await this.opts.sandbox?.consumeFailure(COUNTRY, id))) {
      throw RegisterError.unavailable(`the New York register failed for ${id} (sandbox failTimes)`);
    }
    if (b.notFound) throw RegisterError.notFound(`dosId ${id} is not in the New York register (sandbox behaviour)`);
  }

  /** The portal's record; calls for the same id while one is on its way (a request's profile and people) share it. */
  private liveRecord(id: string, signal: AbortSignal): Promise<EntityRecordResponse | undefined> {
    const pending = this.live.get(id);
    if (pending) return pending;
    const answer = this.portal.entityRecord(id, signal).finally(() => this.live.delete(id));
    this.live.set(id, answer);
    return answer;
  }

  private async portalUrl(): Promise<string> {
    if (this.opts.mode === 'live') {
      if (!this.opts.portalUrl) throw RegisterError.unavailable('US_NY_PORTAL_URL is not configured');
      return this.opts.portalUrl;
    }
    const sandbox = this.opts.sandbox;
    if (!sandbox) throw new Error('the US-NY sandbox needs the sandbox store');
    this.emulator ??= startEmulator(
      emulatorData({ entities: new UsNyEntityRepository(this.opts.db), sandbox, snapshot: this.snapshot, index: this.index }),
      {
        latencyMs: () => scaleLatency(PORTAL_LATENCY_MS, this.opts.latency),
      },
    ).catch((err) => {
      this.emulator = undefined;
      throw err;
    });
    return (await this.emulator).url;
  }

  /** Stops the sandbox emulator, if one was started: its latency sleeps and connections end with it. */
  async close(): Promise<void> {
    const emulator = this.emulator;
    this.emulator = undefined;
    await (await emulator?.catch(() => undefined))?.close();
  }

  /** The emulator's origin (sandbox mode), e.g. for the ingestion job's open-data downloads. */
  async sandboxPortalUrl(): Promise<string> {
    return this.portalUrl();
  }
}
