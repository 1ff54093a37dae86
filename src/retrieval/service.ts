import type { Account } from '../accounts/types.ts';
import type { CompanyRequestBody, CompanyRequestInput, CompanyResponse, DataPoint } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { GroupedQueryable, StatementGroups } from '../store/statement-groups.ts';
import type { AcceptRows } from './accept-groups.ts';
import { isStoreConnectionFailure } from '../store/errors.ts';
import type { RequestRepository, StoredRequest } from '../requests/repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { UrlSigner } from '../documents/signer.ts';
import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { BillingService, QuoteRequest } from '../billing/service.ts';
import type { Quote } from '../billing/quote.ts';
import { assembleResponse } from './assemble.ts';
import { foreseenItemsOf, intake, priceDocuments } from './intake.ts';
import { planRequest, taskOfItem } from './plan.ts';
import type { OnboardingExecutor } from './onboarding.ts';
import type { VerificationExecutor } from './verification.ts';
import type { AgenticEnrichment } from './agentic-enrichment.ts';
import type { SettledAnswers } from './settled-answers.ts';
import { isOpen } from './settle.ts';

/** The workspace a request was made for (the incumbent's workspace header), as `request.workspace` shows it. */
export interface RequestWorkspace {
  id: string;
  name: string;
  legalName: string;
}

const ONBOARDING_ABANDON_MARGIN_MS = 60_000;

/** Register failures that, when they sink a whole onboarding request, become its HTTP answer. */
const WHOLE_REQUEST_ERRORS = new Set(['resource_not_found', 'service_unavailable', 'processing_failed']);

/**
 * The request engine: validates a retrieval against its register, records it, and runs it in onboarding
 * mode (synchronously, under a deadline) or verification mode (as jobs, with retries).
 */
export class RetrievalService {
  /**
   * The requests this process is accepting or running, by id, each until settled: a stopping process finishes them
   * (`drain`), and any other request under its lease is stranded (`isRunning`).
   */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Companies this process accepted a request for lately: their next quote reads their history at once. */
  private readonly recentSubjects = new RecentKeys(10_000);

  constructor(
    private readonly db: Db,
    private readonly requests: RequestRepository,
    private readonly registers: RegisterRegistry,
    private readonly onboarding: OnboardingExecutor,
    private readonly verification: VerificationExecutor,
    private readonly billing: BillingService,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
    private readonly enrichment?: AgenticEnrichment,
    /** This process's lease: a request is stamped with it until its work is settled or handed to the job engine. */
    private readonly lease?: { readonly id: string },
    /** Answers read by the settlement that closed an onboarding request's last open item (ItemSettler). */
    private readonly answers?: SettledAnswers,
    /** Where concurrent accepts are written together: see `acceptStore`. */
    private readonly accepts?: StatementGroups<AcceptRows>,
  ) {}

  /**
   * Accepts a request: prices it from the catalogue, applies the budgets, and in one statement checks the balance
   * (402 and nothing stored when it cannot cover the cost), records the request and holds its cost. Then runs it:
   * onboarding at once under a deadline, verification as jobs.
   */
  async create(account: Account, body: CompanyRequestBody, workspace?: RequestWorkspace): Promise<CompanyResponse> {
    const requestId = newId('req', this.clock.nowMs());
    const work = this.accept(account, body, requestId, workspace);
    // Tracked until settled: a stopping process finishes what it accepted (its caller may have gone; the work has not).
    const tracked = work.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.set(requestId, tracked);
    void tracked.finally(() => this.inFlight.delete(requestId));
    return work;
  }

  /**
   * Whether this process is accepting or running the request. A request under this process's lease that it is not
   * is stranded (OrphanSweeper): its accept ended in a failure after the request was written (a connection to the
   * store that broke as its jobs were sent, an answer read back too early), and no other process takes it over while
   * this one lives.
   */
  isRunning(requestId: string): boolean {
    return this.inFlight.has(requestId);
  }

  /** Waits for the requests this process accepted and is still running (at stop, after the HTTP server closed). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()]);
  }

  private async accept(
    account: Account,
    body: CompanyRequestBody,
    requestId: string,
    workspace?: RequestWorkspace,
  ): Promise<CompanyResponse> {
    const register = this.registers.forRetrieval(body.countryCode, account);
    const companyId = this.parseId(register, body.id);
    const plan = planRequest(register, body.mode, body);
    if (plan.tasks.length === 0) {
      throw new ApiError(
        'not_supported',
        `${body.countryCode} does not offer the requested data in ${body.mode} mode${plan.notAuthoritative.length ? ' from an authoritative source' : ''}`,
        [
          `unsupported: ${plan.unsupported.join(', ')}`,
          ...(plan.notAuthoritative.length ? [`not authoritative in ${body.mode} mode: ${plan.notAuthoritative.join(', ')}`] : []),
        ],
      );
    }
    await register.precheck?.(companyId);
    const pricing = await priceDocuments(register, companyId, plan.documents);

    const now = this.clock.now();
    const enrichmentOffer = body.agenticEnrichment ? register.catalogue.agenticEnrichment : undefined;
    const request: RequestRow = {
      id: requestId,
      accountId: account.id,
      countryCode: register.countryCode,
      companyId,
      mode: body.mode,
      dataPoints: plan.dataPoints,
      documents: plan.documents,
      // The workspace rides in the options: usage per workspace reads it from there (options->'workspace'->>'id').
      options: { ...optionsOf(body), ...(workspace ? { workspace } : {}) },
      metadata: body.metadata ?? {}, // within spec §8's limits: the contract's MetadataInput applied them
      companyLegalName: null,
      createdAt: now,
      updatedAt: now,
    };
    const quoteInput: QuoteRequest = {
      subject: { accountId: account.id, countryCode: register.countryCode, companyId },
      catalogue: register.catalogue,
      mode: body.mode,
      dataPoints: plan.dataPoints.filter((dp) => !plan.unsupported.includes(dp)),
      documents: [...pricing.types].map(([documentId, type]) => ({ documentId, type })),
      budgets: { maxBudget: body.maxBudget, profileMaxBudget: body.profileMaxBudget },
      ...(enrichmentOffer ? { enrichment: enrichmentOffer } : {}),
      requestTime: now,
    };
    const admit = (quote: Quote) => {
      const refusedEnrichment = enrichmentOffer && quote.refused.find((r) => r.sku === enrichmentOffer.sku);
      if (refusedEnrichment && this.enrichment) {
        request.enrichment = this.enrichment.refusal(
          `it costs ${refusedEnrichment.cost} credit cents, more than ${refusedEnrichment.cap} leaves for it`,
        );
      } else delete request.enrichment;
      return intake(request.id, register, body.mode, plan, pricing, quote);
    };
    // The request, its items, its hold and its reservations: one statement, written only when the balance takes the
    // hold (the quote takes no lock: the charge itself is decided at settlement, under the unit's lock). Quoted first
    // as if the account had no history with the company's units, which the statement checks (most requests name a
    // company not asked for lately: one round trip); when it has, or the balance refused, quoted from the history.
    // A company this process accepted a request for lately likely has history: quoted from it at once (a guess that
    // fails costs a statement), unless the charges this process knows of it decide every unit (a repeat within the
    // window: deduplicated for certain). Either way the quote is exact.
    const subject = `${account.id}:${register.countryCode}:${companyId}`;
    const unread = this.billing.quoteWithoutReading(quoteInput);
    const guessed = this.recentSubjects.touch(subject) && unread.guard ? undefined : unread;
    let { items, tasks } = guessed ? admit(guessed.quote) : { items: [], tasks: [] };
    const lease = this.lease?.id ?? null;
    // With work to run, its first settlement or job commits waiting for the disk before anyone hears of the request.
    const flushedByWhatFollows = () => tasks.length > 0;
    // An accept that commits without waiting for the disk shares its transaction with concurrent ones (StatementGroups,
    // in the order of their accounts, whose rows the holds update). One that must be durable when it commits runs alone:
    // in a group, another's deferred flush would be its own.
    // Grouped accepts come with their rows, which the group writes in one statement for all (acceptGroupStatement).
    const acceptStore = (deferred: boolean): Queryable | GroupedQueryable<AcceptRows> =>
      deferred && this.accepts ? this.accepts.on(account.id) : this.db;
    const guessedHold = guessed && this.billing.holdOf(request, guessed.quote, guessed.guard);
    const acceptedUnread =
      guessedHold !== undefined &&
      (await this.requests.insert(acceptStore(flushedByWhatFollows()), request, items, lease, {
        with: guessedHold.parts,
        onlyIf: guessedHold.held,
        flushedByWhatFollows: flushedByWhatFollows(),
        rows: { request, items, leaseOwner: lease, hold: guessedHold.rows },
      }));
    // The quote the request was accepted with: what its settlements can foresee (ForeseenItems).
    let accepted = acceptedUnread ? guessed?.quote : undefined;
    if (!acceptedUnread) {
      const quote = (accepted = await this.billing.quote(this.db, quoteInput));
      ({ items, tasks } = admit(quote));
      const hold = this.billing.holdOf(request, quote);
      if (
        !(await this.requests.insert(acceptStore(flushedByWhatFollows()), request, items, lease, {
          with: hold.parts,
          onlyIf: hold.held,
          flushedByWhatFollows: flushedByWhatFollows(),
          rows: { request, items, leaseOwner: lease, hold: hold.rows },
        }))
      ) {
        throw await hold.refusal();
      }
    }

    // Runs now only if nothing is left open (every item failed at acceptance); otherwise after the last item.
    await this.enrichment?.afterSettle(request);
    if (body.mode === 'onboarding') {
      this.answers?.expect(request.id, lease, accepted && foreseenItemsOf(items, accepted));
      let settled: StoredRequest | undefined;
      try {
        await this.onboarding.run(register, request, tasks);
      } finally {
        settled = await this.answers?.take(request.id);
      }
      // The work is settled: the answer is read, and this process's lease on the request ends. The last settlement read
      // it after its commit when it closed every item (its item's write ended the lease); otherwise it is read now.
      const response =
        settled && !settled.items.some(isOpen)
          ? this.respond(account, settled, body.transliterate)
          : await this.get(account, request.id, { transliterate: body.transliterate, releaseLease: true });
      throwIfWholeRequestFailed(response);
      return response;
    }
    try {
      for (const task of tasks) await this.verification.schedule(request, task);
    } catch (err) {
      if (!isStoreConnectionFailure(err)) throw err;
      // The request is written and in progress: under this process's lease, its jobs are sent again by the sweep of
      // this process's stranded requests (OrphanSweeper), as after a crash by another's. Its caller polls its id.
      return this.get(account, request.id, { transliterate: body.transliterate });
    }
    // The work is durable jobs now: if this process dies, nothing is left to take over.
    return this.get(account, request.id, { transliterate: body.transliterate, releaseLease: true });
  }

  /**
   * Completes the incumbent's forms of a request: a graph continuation without `id` resumes the account's latest
   * graph that holds its first node (404 when none does); budgets are capped at whole credit cents.
   */
  async complete(account: Account, body: CompanyRequestInput): Promise<CompanyRequestBody> {
    const floor = (n: number | undefined) => (n === undefined ? undefined : Math.floor(n));
    const budgets = {
      maxBudget: floor(body.maxBudget),
      profileMaxBudget: floor(body.profileMaxBudget),
      graphMaxBudget: floor(body.graphMaxBudget),
    };
    const { requestId: _r, ...rest } = body;
    if (rest.id !== undefined && rest.countryCode !== undefined) return { ...rest, id: rest.id, countryCode: rest.countryCode, ...budgets };
    const node = rest.graphContinueFromNodeIds?.[0];
    const parent = node ? await this.requests.latestGraphHolding(account.id, node) : undefined;
    if (!parent) throw new ApiError('resource_not_found', `no earlier graph of this account holds node ${node}`);
    return {
      ...rest,
      ...budgets,
      id: rest.id ?? parent.companyId,
      countryCode: (rest.countryCode ?? parent.countryCode) as CompanyRequestBody['countryCode'],
      dataPoints: rest.dataPoints ?? ['graph'],
    };
  }

  /** The latest state of a request; another account's request is not found. Signed URLs are fresh. */
  async get(account: Account, requestId: string, opts: { transliterate?: boolean; releaseLease?: boolean } = {}): Promise<CompanyResponse> {
    const found = await this.requests.get(requestId, opts.releaseLease && this.lease ? { releaseLeaseOf: this.lease.id } : {});
    if (!found || found.request.accountId !== account.id) {
      throw new ApiError('resource_not_found', `no request ${requestId}`);
    }
    return this.respond(account, found, opts.transliterate);
  }

  private respond(account: Account, found: StoredRequest, transliterate: boolean | undefined): CompanyResponse {
    return assembleResponse(found.request, found.items, {
      signer: this.signer,
      nowMs: this.clock.nowMs(),
      workspaceName: account.name,
      transliterate,
    });
  }

  /**
   * Work left open by a process that stopped: verification jobs are sent again; onboarding items past their
   * deadline are settled as timed out, which releases what they held.
   */
  async resumeOpenWork(): Promise<number> {
    // Past the deadline with a margin: another live process may still be running younger onboarding requests.
    const abandonedBefore = new Date(this.clock.nowMs() - this.onboarding.deadlineMs - ONBOARDING_ABANDON_MARGIN_MS);
    for (const row of await this.requests.openOnboardingItems(abandonedBefore)) {
      const found = await this.requests.get(row.requestId);
      if (found) await this.onboarding.abandon(found.request, taskOfItem(row.kind, row.name, found.request.dataPoints as DataPoint[]));
    }
    const open = await this.requests.openVerificationItems();
    const seen = new Set<string>();
    for (const row of open) {
      const found = await this.requests.get(row.requestId);
      if (!found) continue;
      const task = taskOfItem(row.kind, row.name, found.request.dataPoints as DataPoint[]);
      const key = `${row.requestId}:${task.kind === 'document' ? `doc:${task.documentId}` : task.fetch}`;
      if (seen.has(key)) continue;
      seen.add(key);
      await this.verification.schedule(found.request, task);
    }
    return seen.size;
  }

  private parseId(register: { parseCompanyId(raw: string): string }, raw: string): string {
    try {
      return register.parseCompanyId(raw);
    } catch (err) {
      if (err instanceof RegisterError) throw new ApiError('invalid_request', err.message, [`id: ${err.message}`]);
      throw err;
    }
  }
}

function optionsOf(body: CompanyRequestBody): Record<string, unknown> {
  const { id: _id, countryCode: _c, dataPoints: _d, documents: _docs, metadata: _m, mode: _mode, ...options } = body;
  return options;
}

/**
 * An onboarding request none of whose items succeeded, all for the same register reason, answers with
 * that reason's HTTP status (404, 503, 422): the caller learns at once that the register said no.
 */
function throwIfWholeRequestFailed(response: CompanyResponse): void {
  const entries = [...Object.values(response.request.dataStatus.dataPoints), ...Object.values(response.request.dataStatus.documents)];
  if (entries.some((e) => e.status !== 'failed')) return;
  const codes = new Set(entries.map((e) => e.error?.code));
  const [code] = codes;
  if (codes.size !== 1 || !code || !WHOLE_REQUEST_ERRORS.has(code)) return;
  const first = entries[0]!.error!;
  throw new ApiError(code as 'resource_not_found', first.message, [`requestId: ${response.request.requestId}`]);
}

/** Keys seen lately, the oldest forgotten beyond `capacity`. */
class RecentKeys {
  private readonly keys = new Set<string>();
  constructor(private readonly capacity: number) {}

  /** Whether the key was seen; it is remembered as seen now. */
  touch(key: string): boolean {
    const seen = this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value!);
    return seen;
  }
}
