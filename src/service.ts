import { WorkspaceService } from './workspaces/service.ts';
import { WorkspaceRepository } from './workspaces/repository.ts';
import { DocumentFileRepository } from './documents/repository.ts';
import { BillingNotifications } from './billing/notifications/service.ts';
import { BillingNotificationRepository } from './billing/notifications/repository.ts';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { AccountService } from './accounts/service.ts';
import { Ledger } from './billing/ledger.ts';
import { BillingService } from './billing/service.ts';
import { BillingSettlement } from './billing/settlement.ts';
import { BillingRepository } from './billing/repository.ts';
import { ItemSettler } from './retrieval/settle.ts';
import { AgenticEnrichment } from './retrieval/agentic-enrichment.ts';
import { DocumentFiles } from './documents/files.ts';
import { FileSystemBlobStore } from './documents/blobs.ts';
import { UrlSigner } from './documents/signer.ts';
import { buildApp } from './http/app.ts';
import { type DashboardServices, installDashboard } from './dashboard/plugin.ts';
import { DASHBOARD_ROUTES } from './dashboard/routes.ts';
import { HttpIdempotency } from './http/idempotency.ts';
import { IdempotencyRepository } from './idempotency/repository.ts';
import { IdempotencyService } from './idempotency/service.ts';
import { PgBossQueue } from './jobs/pgboss.ts';
import { ProcessLease } from './jobs/process-lease.ts';
import { AccountSlots } from './retrieval/account-slots.ts';
import { OrphanSweeper } from './retrieval/orphans.ts';
import { RegisterRegistry } from './registers/registry.ts';
import { MANIFESTS } from './registers/index.ts';
import { createRegisters, migrationSetsOf } from './registers/manifest.ts';
import { OnboardingExecutor } from './retrieval/onboarding.ts';
import { TaskRunner } from './retrieval/runner.ts';
import { FastCache } from './retrieval/fast-cache.ts';
import { GraphBilling } from './graph/billing.ts';
import { GraphService } from './graph/service.ts';
import { GraphExpansionRepository } from './graph/repository.ts';
import { RetrievalService } from './retrieval/service.ts';
import { VerificationExecutor } from './retrieval/verification.ts';
import { SandboxStore } from './sandbox/store.ts';
import { SandboxRepository } from './sandbox/repository.ts';
import { SearchService } from './search/service.ts';
import { Clock } from './shared/clock.ts';
import { WebhookService } from './webhooks/service.ts';
import type { GuardMode, Resolver } from './webhooks/url-guard.ts';
import type { Db } from './store/db.ts';
import { ensureSetting } from './store/settings.ts';
import { openStore } from './store/open.ts';
import { tracedIfAsked } from './store/trace.ts';
import { RequestRepository } from './requests/repository.ts';
import { ClockSync } from './sandbox/clock-sync.ts';
import { createMonitoring } from './monitors/index.ts';
import { createTaxVerification } from './tax-verification/index.ts';
import type { MonitorScheduler } from './monitors/scheduler.ts';
import { UserService } from './users/service.ts';
import { ApiKeyService } from './accounts/api-keys.ts';
import { KeyUsage } from './accounts/key-usage.ts';
import { DashboardRepository } from './dashboard/repository.ts';
import { loggerOptions } from './http/logging.ts';
import { createLogger, logFailure } from './observability/logger.ts';
import { startOps } from './observability/ops.ts';
import { ContextQueue } from './observability/queue.ts';
import { observeMonitorChecks } from './monitors/observe.ts';
import { instrumentRegister, RegisterOutcomes } from './observability/registers.ts';

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  url: string;
  accounts: AccountService;
  /** Dashboard users (the first start creates the owner's set-up link). */
  users: UserService;
  clock: Clock;
  /** Webhook endpoints and delivery (`emit` for event sources outside HTTP, and the benchmarks). */
  webhooks: WebhookService;
  /** The registers served (the benchmarks count their calls). */
  registers: RegisterRegistry;
  /** The monitor checks' feed reading and run-checks (the benchmarks time them apart). */
  monitorChecks: Pick<MonitorScheduler, 'readFeeds' | 'runDueNow'>;
  /** With METRICS_PORT: where `/metrics` is served apart from the API. */
  metricsUrl?: string;
  /** Stops taking requests and jobs, then closes the store. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: boolean | object;
  db?: Db;
  /**
   * The webhook URL guard's mode (the registers' by default) and resolver (the system's by default): tests run live
   * mode's guard against sandbox registers, with host names resolved from a table of their own.
   */
  webhookGuard?: { mode?: GuardMode; resolver?: Resolver };
}

/**
 * Builds the whole service from its configuration: store, registers, domain services, HTTP, workers.
 * The composition root; `main.ts` adds the process concerns (signals, first-start key).
 */
export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  // Counted per statement only when a benchmark asks (REGISTRUM_STORE_TRACE=1, src/store/trace.ts).
  const db = tracedIfAsked(
    opts.db ??
      (await openStore({
        databaseUrl: config.DATABASE_URL,
        schema: config.DATABASE_SCHEMA,
        dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
        migrations: migrationSetsOf(MANIFESTS),
      })),
  );
  // One JSON logger for the HTTP app and everything else the process logs.
  const log = createLogger(loggerOptions(opts.logger) as Parameters<typeof createLogger>[0]);
  const clock = new Clock();
  const clockSync = new ClockSync(db, clock);
  await clockSync.load();
  if (config.REGISTERS === 'sandbox') clockSync.start();

  const ledger = new Ledger(db, clock);
  const accounts = new AccountService(db, clock, ledger);
  const users = new UserService(db, clock);
  const sandbox = new SandboxStore(new SandboxRepository(db), clock);
  const registerOutcomes = new RegisterOutcomes();
  const registers = new RegisterRegistry(
    createRegisters(
      MANIFESTS,
      { mode: config.REGISTERS, sandbox, latency: config.SANDBOX_LATENCY, now: () => clock.now(), db },
      config.env,
    ).map((r) => instrumentRegister(r, registerOutcomes, log)),
    MANIFESTS,
  );
  const requests = new RequestRepository(db);
  const files = new DocumentFiles(new DocumentFileRepository(db), clock, new FileSystemBlobStore(join(config.DATA_DIR, 'blobs')));
  // Generated once and kept, so links stay valid across restarts and processes.
  const signingSecret = config.URL_SIGNING_SECRET ?? (await ensureSetting(db, 'urlSigningSecret', randomBytes(32).toString('base64url')));
  const signer = new UrlSigner(signingSecret, config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`, config.DOCUMENT_URL_TTL);
  // Taken before any work is accepted: requests and idempotency keys are stamped with it.
  const lease = new ProcessLease(db, config.LEASE_TTL, (err) => logFailure(log, err, 'process lease'));
  await lease.start();
  const jobEngine = await PgBossQueue.start({
    databaseUrl: config.DATABASE_URL,
    db,
    schema: config.JOBS_SCHEMA,
    onError: (err) => logFailure(log, err, 'job engine'),
  });
  // Jobs carry the x-request-id of the request that caused them; an API process (ROLE=api) only sends them.
  const queue = new ContextQueue(jobEngine, log, config.ROLE !== 'api');
  for (const r of registers.all()) await r.start?.({ queue });
  const webhooks = new WebhookService(db, clock, queue, {
    mode: opts.webhookGuard?.mode ?? config.REGISTERS,
    resolver: opts.webhookGuard?.resolver,
    schedule: config.WEBHOOK_RETRY_SCHEDULE,
    logRetentionMs: config.WEBHOOK_LOG_RETENTION,
    // company.updated carries the request's GET response; `retrieval` exists by the time an event fires.
    companyPayload: async (accountId: string, requestId: string): Promise<object> => {
      const account = await accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      return retrieval.get(account, requestId);
    },
  });
  const billingRepo = new BillingRepository(db);
  const billing = new BillingService(billingRepo, ledger);
  const settlement = new BillingSettlement(billingRepo, ledger, clock);
  const enrichment = new AgenticEnrichment(db, requests, registers, settlement, clock, webhooks.requestEvents);
  const workspaces = new WorkspaceService(new WorkspaceRepository(db), clock);
  const billingNotifications = new BillingNotifications(new BillingNotificationRepository(db, clock), ledger, clock, (a, t, p) =>
    webhooks.emit(a, t, p),
  );
  // A settled item may have charged the account: its billing notification thresholds are evaluated after it.
  const settler = new ItemSettler(db, requests, registers, settlement, clock, webhooks.requestEvents, (r) => {
    billingNotifications.evaluateSoon(r.accountId);
    return enrichment.afterSettle(r);
  });
  const graphExpansions = new GraphExpansionRepository(db);
  const graphs = new GraphService(registers, new GraphBilling(db, billingRepo, ledger, graphExpansions, requests, clock), graphExpansions);
  // Company steps complete a register's company block from other sources: the tax authority's word on its tax id.
  const taxVerification = createTaxVerification(config, {
    sandbox,
    now: () => clock.now(),
    onUnavailable: (source, reason) => log.warn({ source, reason }, 'tax-ID verification unavailable'),
  });
  const runner = new TaskRunner(
    settler,
    requests,
    files,
    graphs,
    taxVerification.step ? [taxVerification.step] : [],
    new FastCache(requests, clock),
  );
  const onboarding = new OnboardingExecutor(runner, config.ONBOARDING_DEADLINE_MS);
  const verification = new VerificationExecutor(
    runner,
    requests,
    registers,
    queue,
    clock,
    {
      retryWindowMs: config.VERIFICATION_RETRY_WINDOW_MS,
      attemptTimeoutMs: 10 * 60_000,
      baseDelayMs: 1000,
      maxDelayMs: 5 * 60_000,
    },
    new AccountSlots(db, lease.id),
  );
  const monitoring = createMonitoring({
    db,
    registers,
    queue,
    clock,
    webhooks,
    config,
    log: (err) => logFailure(log, err, 'monitors'),
    onChecked: (logs) => observeMonitorChecks(log, logs),
  });
  const retrieval = new RetrievalService(db, requests, registers, onboarding, verification, billing, signer, clock, enrichment, lease);
  const orphans = new OrphanSweeper(db, lease, requests, onboarding, verification, clock, enrichment, (err) =>
    logFailure(log, err, 'orphaned work'),
  );
  const ops = await startOps(config, { db, clock, jobEngine, registers, registerOutcomes, migrationSets: migrationSetsOf(MANIFESTS) });

  const services: DashboardServices = {
    config,
    clock,
    accounts,
    users,
    apiKeys: new ApiKeyService(db, clock, (hash) => accounts.forgetKey(hash)),
    keyUsage: new KeyUsage(db, clock, (err) => logFailure(log, err, 'API key last use')),
    dashboardRepository: new DashboardRepository(db),
    ledger,
    billing,
    registers,
    retrieval,
    search: new SearchService(registers, config.SEARCH_HEARTBEAT_MS),
    sandbox,
    files,
    signer,
    idempotency: new HttpIdempotency(new IdempotencyService(new IdempotencyRepository(db), clock, lease)),
    webhooks,
    monitors: monitoring.service,
    monitorChecks: monitoring.scheduler,
    workspaces,
    billingNotifications,
    advanceClock: (ms) => clockSync.advance(ms),
    ops: ops.services,
  };
  const app = await buildApp(services, {
    loggerInstance: log,
    // Signed in with a person's e-mail and password (session cookie), not an API key.
    plugins: [(app) => installDashboard(app, services, DASHBOARD_ROUTES)],
  });
  webhooks.log = app.log;
  billingNotifications.log = app.log;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  if (!config.PUBLIC_BASE_URL) signer.baseUrl = url;
  await retrieval.resumeOpenWork();
  await enrichment.resume();
  await webhooks.resumePending();
  orphans.start();
  // The sweep only sends check jobs: a worker's to do (its job keys make several sweepers' jobs one).
  if (config.ROLE !== 'api') monitoring.scheduler.start();

  return {
    app,
    db,
    url,
    accounts,
    users,
    clock,
    webhooks,
    registers,
    monitorChecks: monitoring.scheduler,
    metricsUrl: ops.metricsUrl,
    async stop() {
      clockSync.stop();
      await monitoring.scheduler.stop();
      await orphans.stop();
      await app.close();
      verification.stop();
      await queue.stop();
      // After the jobs: what registers still run (shared report fetches, emulators' sleeps) ends with the service.
      await registers.close();
      // After the work in flight: what is left open is another process's to take over at once.
      await lease.stop();
      await billingNotifications.drain();
      await webhooks.stop();
      await taxVerification.close();
      await ops.close();
      if (!opts.db) await db.close();
    },
  };
}
