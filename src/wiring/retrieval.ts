import { acceptGroupStatement } from '../retrieval/accept-groups.ts';
import type { AccountService } from '../accounts/service.ts';
import type { BillingRepository } from '../billing/repository/events.ts';
import type { Ledger } from '../billing/ledger.ts';
import type { BillingService } from '../billing/service.ts';
import type { BillingSettlement } from '../billing/settlement.ts';
import type { Config } from '../config.ts';
import type { DocumentFiles } from '../documents/files.ts';
import type { UrlSigner } from '../documents/signer.ts';
import { GraphBilling } from '../graph/billing.ts';
import { GraphExpansionRepository } from '../graph/repository.ts';
import { GraphService } from '../graph/service.ts';
import type { ProcessLease } from '../jobs/process-lease.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import { type Logger, logFailure } from '../observability/logger.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { RequestRepository } from '../requests/repository.ts';
import type { RequestRow } from '../requests/types.ts';
import { AccountSlots } from '../retrieval/account-slots.ts';
import { AccountSlotRepository } from '../retrieval/repository.ts';
import { AgenticEnrichment } from '../retrieval/agentic-enrichment.ts';
import { FastCache } from '../retrieval/fast-cache.ts';
import { ForeseenSettler } from '../retrieval/foreseen-settlement.ts';
import { StatementGroups } from '../store/statement-groups.ts';
import { OnboardingExecutor } from '../retrieval/onboarding.ts';
import { OrphanSweeper } from '../retrieval/orphans.ts';
import { TaskRunner } from '../retrieval/runner.ts';
import { RetrievalService } from '../retrieval/service.ts';
import { SettledAnswers } from '../retrieval/settled-answers.ts';
import { ItemSettler } from '../retrieval/settle.ts';
import { VerificationExecutor } from '../retrieval/verification.ts';
import type { SandboxStore } from '../sandbox/store.ts';
import type { Clock } from '../shared/clock.ts';
import type { EventBus } from '../shared/events.ts';
import type { Db } from '../store/db.ts';
import { createTaxVerification } from '../tax-verification/index.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { ServiceEvents } from './events.ts';

/**
 * Accepts (a request, its items and its hold: one statement each) in flight at once; more wait and are written together
 * in one transaction (StatementGroups), at most this many to one: one round trip and one commit on PostgreSQL, one
 * message to the embedded store's thread and one commit there.
 */
const ACCEPTS_IN_FLIGHT = 2;
const MAX_ACCEPTS_PER_TRANSACTION = 32;

/**
 * The request engine: requests, their settlement (publishing `itemSettled`), the ownership graph, company steps
 * from other sources (the tax authority's word on a tax id), onboarding and verification, the agentic enrichment,
 * and the sweeper that takes over work a dead process left.
 */
export function createRetrieval(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    log: Logger;
    queue: WorkQueue;
    lease: ProcessLease;
    registers: RegisterRegistry;
    sandbox: SandboxStore;
    ledger: Ledger;
    billing: BillingService;
    billingRepository: BillingRepository;
    settlement: BillingSettlement;
    files: DocumentFiles;
    signer: UrlSigner;
    webhooks: WebhookService;
    events: EventBus<ServiceEvents>;
  },
) {
  const { db, clock, log, registers, settlement, events } = deps;
  const requestEvents = deps.webhooks.requestEvents;
  const requests = new RequestRepository(db);
  const enrichment = new AgenticEnrichment(db, requests, registers, settlement, clock, requestEvents);
  // Subscribed after billing's: thresholds are evaluated before the enrichment waits for the request's last item.
  events.on('itemSettled', (request) => enrichment.afterSettle(request));
  const answers = new SettledAnswers();
  const itemSettled = (request: RequestRow) => events.emit('itemSettled', request);
  const foreseen = new ForeseenSettler({
    db,
    requests,
    registers,
    billing: settlement,
    clock,
    events: requestEvents,
    afterSettle: itemSettled,
    answers,
  });
  const settler = new ItemSettler(db, requests, registers, settlement, clock, requestEvents, itemSettled, answers, foreseen);
  const graphExpansions = new GraphExpansionRepository(db);
  const graphs = new GraphService(
    registers,
    new GraphBilling(db, deps.billingRepository, deps.ledger, graphExpansions, requests, clock),
    graphExpansions,
  );
  // Company steps complete a register's company block from other sources: the tax authority's word on its tax id.
  const taxVerification = createTaxVerification(config, {
    sandbox: deps.sandbox,
    now: () => clock.now(),
    onUnavailable: (source, reason) => log.warn({ source, reason }, 'tax-ID verification unavailable'),
  });
  const runner = new TaskRunner(
    settler,
    requests,
    deps.files,
    graphs,
    taxVerification.step ? [taxVerification.step] : [],
    new FastCache(requests, clock),
  );
  const onboarding = new OnboardingExecutor(runner, config.ONBOARDING_DEADLINE_MS);
  const verification = new VerificationExecutor(
    runner,
    requests,
    registers,
    deps.queue,
    clock,
    {
      retryWindowMs: config.VERIFICATION_RETRY_WINDOW_MS,
      attemptTimeoutMs: 10 * 60_000,
      baseDelayMs: 1000,
      maxDelayMs: 5 * 60_000,
    },
    new AccountSlots(db, new AccountSlotRepository(db), deps.lease.id),
  );
  const retrieval = new RetrievalService(
    db,
    requests,
    registers,
    onboarding,
    verification,
    deps.billing,
    deps.signer,
    clock,
    enrichment,
    deps.lease,
    answers,
    new StatementGroups(db, ACCEPTS_IN_FLIGHT, MAX_ACCEPTS_PER_TRANSACTION, acceptGroupStatement),
  );
  const orphans = new OrphanSweeper(
    db,
    deps.lease,
    requests,
    onboarding,
    verification,
    clock,
    enrichment,
    (err) => logFailure(log, err, 'orphaned work'),
    (requestId) => retrieval.isRunning(requestId),
  );
  return { retrieval, enrichment, verification, orphans, taxVerification };
}

/** `company.updated`'s payload: the request as `GET /v2/company/{requestId}` answers it to its account. */
export function companyPayloadOf(accounts: AccountService, retrieval: RetrievalService) {
  return async (accountId: string, requestId: string): Promise<object> => {
    const account = await accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    return retrieval.get(account, requestId);
  };
}
