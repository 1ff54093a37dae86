import type { Config } from '../config.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { type CheckerOptions, CompanyChecker } from './checker.ts';
import { CompanySnapshots } from './repository/company-snapshots.ts';
import { MonitorRepository } from './repository/monitors.ts';
import { MonitorScheduler } from './scheduler.ts';
import { MonitorService } from './service.ts';

/**
 * Feed registers' companies are read at their register at least this often, even while their feed confirms them
 * unchanged every day (a safety net against a change the feed missed).
 */
const FEED_TRUST_MS = 30 * 86_400_000;

/** The monitoring module, wired: the account API, the checks and their schedule. */
export function createMonitoring(deps: {
  db: Db;
  registers: RegisterRegistry;
  queue: WorkQueue;
  clock: Clock;
  webhooks: WebhookService;
  config: Pick<
    Config,
    'MONITOR_CHECK_EVERY' | 'MONITOR_SWEEP_EVERY' | 'MONITOR_RETRY_SCHEDULE' | 'MONITOR_CHECK_TIMEOUT_MS' | 'MONITOR_CONCURRENCY'
  >;
  log: (err: unknown) => void;
  /** Checks just recorded, one log row per monitor (metrics). */
  onChecked?: CheckerOptions['onChecked'];
}) {
  const { db, registers, clock, config } = deps;
  const monitors = new MonitorRepository(db);
  const snapshots = new CompanySnapshots(db);
  const checker = new CompanyChecker(db, registers, snapshots, monitors, deps.webhooks.notifications, clock, {
    intervalMs: config.MONITOR_CHECK_EVERY,
    feedTrustMs: FEED_TRUST_MS,
    retryDelaysMs: config.MONITOR_RETRY_SCHEDULE,
    timeoutMs: config.MONITOR_CHECK_TIMEOUT_MS,
    onChecked: deps.onChecked,
  });
  const scheduler = new MonitorScheduler(
    deps.queue,
    registers,
    snapshots,
    checker,
    clock,
    {
      sweepEveryMs: config.MONITOR_SWEEP_EVERY,
      concurrency: config.MONITOR_CONCURRENCY,
    },
    deps.log,
  );
  return { service: new MonitorService(db, registers, monitors, snapshots, checker, clock, config.MONITOR_SWEEP_EVERY), scheduler };
}
