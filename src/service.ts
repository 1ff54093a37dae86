import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { AccountService } from './accounts/service.ts';
import { Ledger } from './billing/ledger.ts';
import { BillingService } from './billing/service.ts';
import { BillingSettlement } from './billing/settlement.ts';
import { BillingRepository } from './store/repositories/billing.ts';
import { ItemSettler } from './retrieval/settle.ts';
import { AgenticEnrichment } from './retrieval/agentic-enrichment.ts';
import { DocumentFiles } from './documents/files.ts';
import { FileSystemBlobStore } from './documents/blobs.ts';
import { UrlSigner } from './documents/signer.ts';
import { buildApp } from './http/app.ts';
import { IdempotencyStore } from './http/idempotency.ts';
import { PgBossQueue } from './jobs/pgboss.ts';
import { ProcessLease } from './jobs/process-lease.ts';
import { OrphanSweeper } from './retrieval/orphans.ts';
import { RegisterRegistry } from './registers/registry.ts';
import { MANIFESTS } from './registers/index.ts';
import { createRegisters, migrationSetsOf } from './registers/manifest.ts';
import { OnboardingExecutor } from './retrieval/onboarding.ts';
import { TaskRunner } from './retrieval/runner.ts';
import { FastCache } from './retrieval/fast-cache.ts';
import { GraphBilling } from './graph/billing.ts';
import { GraphService } from './graph/service.ts';
import { GraphExpansionRepository } from './store/repositories/graph-expansions.ts';
import { RetrievalService } from './retrieval/service.ts';
import { VerificationExecutor } from './retrieval/verification.ts';
import { SandboxStore } from './sandbox/store.ts';
import { SearchService } from './search/service.ts';
import { Clock } from './shared/clock.ts';
import { WebhookService } from './webhooks/service.ts';
import type { GuardMode, Resolver } from './webhooks/url-guard.ts';
import type { Db } from './store/db.ts';
import { ensureSetting } from './store/repositories/settings.ts';
import { openStore } from './store/open.ts';
import { RequestRepository } from './store/repositories/requests.ts';
import { ClockSync } from './sandbox/clock-sync.ts';
import { createMonitoring } from './monitors/index.ts';
import { createTaxVerification } from './tax-verification/index.ts';
import type { MonitorScheduler } from './monitors/scheduler.ts';

export interface RunningService {
  app: FastifyInstance;
  db: Db;
  url: string;
  accounts: AccountService;
  clock: Clock;
  /** Webhook endpoints and delivery (`emit` for event sources outside HTTP, and the benchmarks). */
  webhooks: WebhookService;
  /** The registers served (the benchmarks count their calls). */
  registers: RegisterRegistry;
  /** The monitor checks' feed reading and run-checks (the benchmarks time them apart). */
  monitorChecks: Pick<MonitorScheduler, 'readFeeds' | 'runDueNow'>;
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
  const db =
    opts.db ??
    (await openStore({
      databaseUrl: config.DATABASE_URL,
      schema: config.DATABASE_SCHEMA,
      dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
      migrations: migrationSetsOf(MANIFESTS),
    }));
  const clock = new Clock();
  const clockSync = new ClockSync(db, clock);
  await clockSync.load();
  if (config.REGISTERS === 'sandbox') clockSync.start();

  const ledger = new Ledger(db, clock);
  const accounts = new AccountService(db, clock, ledger);
  const sandbox = new SandboxStore(db, clock);
  const registers = new RegisterRegistry(
    createRegisters(
      MANIFESTS,
      { mode: config.REGISTERS, sandbox, latency: config.SANDBOX_LATENCY, now: () => clock.now(), db },
      config.env,
    ),
    MANIFESTS,
  );
  const requests = new RequestRepository(db);
  const files = new DocumentFiles(db, clock, new FileSystemBlobStore(join(config.DATA_DIR, 'blobs')));
  // Generated once and kept, so links stay valid across restarts and processes.
  const signingSecret = config.URL_SIGNING_SECRET ?? (await ensureSetting(db, 'urlSigningSecret', randomBytes(32).toString('base64url')));
  const signer = new UrlSigner(signingSecret, config.PUBLIC_BASE_URL ?? `http://${config.HOST}:${config.PORT}`, config.DOCUMENT_URL_TTL);
  // Taken before any work is accepted: requests and idempotency keys are stamped with it.
  const lease = new ProcessLease(db, config.LEASE_TTL, (err) => opts.logger && console.error('process lease:', err));
  await lease.start();
  const queue = await PgBossQueue.start({
    databaseUrl: config.DATABASE_URL,
    db,
    schema: config.JOBS_SCHEMA,
    onError: (err) => opts.logger && console.error('job engine:', err),
  });
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
  const settler = new ItemSettler(db, requests, registers, settlement, clock, webhooks.requestEvents, (r) => enrichment.afterSettle(r));
  const graphExpansions = new GraphExpansionRepository(db);
  const graphs = new GraphService(registers, new GraphBilling(db, billingRepo, ledger, graphExpansions, requests, clock), graphExpansions);
  // Company steps complete a register's company block from other sources: the tax authority's word on its tax id.
  const taxVerification = createTaxVerification(config, {
    sandbox,
    now: () => clock.now(),
    onUnavailable: (source, reason) => opts.logger && console.error(`tax-ID verification (${source}):`, reason),
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
  const verification = new VerificationExecutor(runner, requests, registers, queue, clock, {
    retryWindowMs: config.VERIFICATION_RETRY_WINDOW_MS,
    attemptTimeoutMs: 10 * 60_000,
    baseDelayMs: 1000,
    maxDelayMs: 5 * 60_000,
  });
  const monitoring = createMonitoring({
    db,
    registers,
    queue,
    clock,
    webhooks,
    config,
    log: (err) => opts.logger && console.error('monitors:', err),
  });
  const retrieval = new RetrievalService(db, requests, registers, onboarding, verification, billing, signer, clock, enrichment, lease);
  const orphans = new OrphanSweeper(db, lease, requests, onboarding, verification, clock, enrichment, (err) => {
    if (opts.logger) console.error('orphaned work:', err);
  });

  const app = await buildApp(
    {
      config,
      clock,
      accounts,
      ledger,
      billing,
      registers,
      retrieval,
      search: new SearchService(registers, config.SEARCH_HEARTBEAT_MS),
      sandbox,
      files,
      signer,
      idempotency: new IdempotencyStore(db, clock, lease),
      webhooks,
      monitors: monitoring.service,
      monitorChecks: monitoring.scheduler,
      advanceClock: (ms) => clockSync.advance(ms),
    },
    { logger: opts.logger },
  );
  webhooks.log = app.log;
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  if (!config.PUBLIC_BASE_URL) signer.baseUrl = url;
  await retrieval.resumeOpenWork();
  await enrichment.resume();
  await webhooks.resumePending();
  orphans.start();
  monitoring.scheduler.start();

  return {
    app,
    db,
    url,
    accounts,
    clock,
    webhooks,
    registers,
    monitorChecks: monitoring.scheduler,
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
      await webhooks.stop();
      await taxVerification.close();
      if (!opts.db) await db.close();
    },
  };
}
