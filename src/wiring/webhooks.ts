import type { Config } from '../config.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { Logger } from '../observability/logger.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import type { CompanyPayload } from '../webhooks/company-updates.ts';
import { WebhookService } from '../webhooks/service.ts';
import type { GuardMode, Resolver } from '../webhooks/url-guard.ts';

/**
 * Webhook endpoints and durable delivery. `companyPayload` builds `company.updated` from the request engine, which
 * is wired later: it is handed over late-bound (LateBound), never by a closure over a variable not yet assigned.
 */
export function createWebhooks(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    queue: WorkQueue;
    log: Logger;
    companyPayload: CompanyPayload;
    guard?: { mode?: GuardMode; resolver?: Resolver };
  },
): WebhookService {
  const webhooks = new WebhookService(deps.db, deps.clock, deps.queue, {
    mode: deps.guard?.mode ?? config.REGISTERS,
    resolver: deps.guard?.resolver,
    schedule: config.WEBHOOK_RETRY_SCHEDULE,
    logRetentionMs: config.WEBHOOK_LOG_RETENTION,
    companyPayload: deps.companyPayload,
  });
  webhooks.log = deps.log;
  return webhooks;
}
