import { Ledger } from '../billing/ledger.ts';
import { LedgerRepository } from '../billing/repository/ledger.ts';
import { BillingNotificationRepository } from '../billing/notifications/repository.ts';
import { BillingNotifications } from '../billing/notifications/service.ts';
import { BillingRepository } from '../billing/repository/events.ts';
import { BillingService } from '../billing/service.ts';
import { BillingSettlement } from '../billing/settlement.ts';
import type { Logger } from '../observability/logger.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { EventBus } from '../shared/events.ts';
import type { ServiceEvents } from './events.ts';

/**
 * The ledger, balances and settlement of charges, and the low-balance and high-usage notifications, which are
 * evaluated after each settled item (they subscribe to `itemSettled`) and sent as webhooks.
 */
export function createBilling(deps: { db: Db; clock: Clock; log: Logger; webhooks: WebhookService; events: EventBus<ServiceEvents> }) {
  const { db, clock, webhooks } = deps;
  const ledger = new Ledger(db, new LedgerRepository(), clock);
  const repository = new BillingRepository(db);
  const notifications = new BillingNotifications(new BillingNotificationRepository(db, clock), ledger, clock, (a, t, p) =>
    webhooks.emit(a, t, p),
  );
  notifications.log = deps.log;
  // A settled item may have charged the account: its notification thresholds are evaluated after it.
  deps.events.on('itemSettled', (request) => notifications.evaluateSoon(request.accountId));
  const billing = new BillingService(repository, ledger);
  return {
    ledger,
    repository,
    billing,
    settlement: new BillingSettlement(repository, ledger, clock, billing.known),
    notifications,
  };
}
