import type { FastifyInstance } from 'fastify';
import type { AccountService } from './accounts/service.ts';
import type { Config } from './config.ts';
import type { MonitorScheduler } from './monitors/scheduler.ts';
import { createMonitoring } from './monitors/index.ts';
import { observeMonitorChecks } from './monitors/observe.ts';
import { logFailure } from './observability/logger.ts';
import { startOps } from './observability/ops.ts';
import { MANIFESTS } from './registers/index.ts';
import { migrationSetsOf } from './registers/manifest.ts';
import type { RegisterRegistry } from './registers/registry.ts';
import type { Clock } from './shared/clock.ts';
import { LateBound } from './shared/events.ts';
import type { Db } from './store/db.ts';
import type { UserService } from './users/service.ts';
import type { CompanyPayload } from './webhooks/company-updates.ts';
import type { WebhookService } from './webhooks/service.ts';
import type { GuardMode, Resolver } from './webhooks/url-guard.ts';
import { createAccounts } from './wiring/accounts.ts';
import { createBilling } from './wiring/billing.ts';
import { createDocuments } from './wiring/documents.ts';
import { createServiceEvents } from './wiring/events.ts';
import { createHttp, listeningUrl } from './wiring/http.ts';
import { warmUp } from './wiring/warm-up.ts';
import { createClock, createJobs, createServiceLogger, openServiceStore } from './wiring/platform.ts';
import { createRegisterRegistry, startRegisters } from './wiring/registers.ts';
import { companyPayloadOf, createRetrieval } from './wiring/retrieval.ts';
import { createWebhooks } from './wiring/webhooks.ts';

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
  monitorChecks: Pick<MonitorScheduler, 'readFeeds' | 'runDueNow' | 'sweep'>;
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
 * Builds the whole service from its configuration: store, registers, domain modules, HTTP, workers.
 * The composition root, read as a table of contents: each module's factory (src/wiring/, or the module's own
 * `index.ts`) takes what the modules above it built; a module that needs one built later gets it late-bound
 * (LateBound) or listens to an event (`events`). `main.ts` adds the process concerns (signals, first-start key).
 */
export async function startService(config: Config, opts: StartOptions = {}): Promise<RunningService> {
  const log = createServiceLogger(opts.logger);
  const db = await openServiceStore(config, opts.db, log);
  const { clock, clockSync } = await createClock(config, db);
  const events = createServiceEvents();
  const { registers, registerOutcomes, sandbox } = createRegisterRegistry(config, { db, clock, log });
  const { lease, jobEngine, queue } = await createJobs(config, { db, log });
  await startRegisters(registers, queue, log);

  // company.updated carries the request's GET response: the request engine, wired below, provides it.
  const companyPayload = new LateBound<CompanyPayload>('company.updated payload');
  const webhooks = createWebhooks(config, { db, clock, queue, log, companyPayload: companyPayload.call, guard: opts.webhookGuard });
  const billing = createBilling({ db, clock, log, webhooks, events });
  const { accounts, users, apiKeys, keyUsage, workspaces } = createAccounts({ db, clock, log, ledger: billing.ledger });
  const { files, signer } = await createDocuments(config, { db, clock });
  const requestEngine = createRetrieval(config, {
    db,
    clock,
    log,
    queue,
    lease,
    registers,
    sandbox,
    ledger: billing.ledger,
    billing: billing.billing,
    billingRepository: billing.repository,
    settlement: billing.settlement,
    files,
    signer,
    webhooks,
    events,
  });
  const { retrieval, enrichment, verification, orphans, taxVerification } = requestEngine;
  companyPayload.bind(companyPayloadOf(accounts, retrieval));
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
  const ops = await startOps(config, { db, clock, jobEngine, registers, registerOutcomes, migrationSets: migrationSetsOf(MANIFESTS) });

  const app = await createHttp(config, {
    db,
    log,
    lease,
    registers,
    modules: {
      clock,
      accounts,
      users,
      apiKeys,
      keyUsage,
      workspaces,
      ledger: billing.ledger,
      billing: billing.billing,
      billingNotifications: billing.notifications,
      retrieval,
      sandbox,
      files,
      signer,
      webhooks,
      monitors: monitoring.service,
      monitorChecks: monitoring.scheduler,
      advanceClock: (ms) => clockSync.advance(ms),
      ops: ops.services,
    },
  });
  if (config.WARM_UP === 'on') warmUp(log);
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = listeningUrl(app, config);
  if (!config.PUBLIC_BASE_URL) signer.baseUrl = url;

  // Work left by a stopped process, then this process's own schedules.
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
      // A request whose caller hung up is still running: it settles before the store closes.
      await retrieval.drain();
      verification.stop();
      await queue.stop();
      // After the jobs: what registers still run (shared report fetches, emulators' sleeps) ends with the service.
      await registers.close();
      // After the work in flight: what is left open is another process's to take over at once.
      await lease.stop();
      await billing.notifications.drain();
      await webhooks.stop();
      await taxVerification.close();
      await ops.close();
      if (!opts.db) await db.close();
    },
  };
}
