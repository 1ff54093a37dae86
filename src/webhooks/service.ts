import type { WorkQueue } from '../jobs/queue.ts';
import type { RequestEvents } from '../retrieval/events.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { CompanyUpdates, type CompanyPayload } from './company-updates.ts';
import { DeliveryRepository } from './repository/deliveries.ts';
import { WebhookDispatcher } from './delivery.ts';
import { EndpointRepository } from './repository/endpoints.ts';
import { WebhookEndpoints } from './endpoints.ts';
import { RequestVersions } from './repository/request-versions.ts';
import { WebhookLogRetention } from './retention.ts';
import { WebhookSender } from './sender.ts';
import { UrlGuard, type GuardMode, type Resolver } from './url-guard.ts';
import { observeWebhookAttempt } from '../observability/webhooks.ts';

export type WebhookEventType = 'company.updated' | 'monitor.notification' | 'billing.low_balance' | 'billing.high_usage';

export interface WebhookOptions {
  /** `live` refuses non-public targets; `sandbox` allows loopback and private networks (config REGISTERS). */
  mode: GuardMode;
  /** Delays before attempts 1..n, in ms (config WEBHOOK_RETRY_SCHEDULE). */
  schedule: readonly number[];
  /** Builds the payload of `company.updated`: the `GET /v2/company/{requestId}` response. */
  companyPayload: CompanyPayload;
  /** Per-attempt request timeout; default 15 s. */
  timeoutMs?: number;
  userAgent?: string;
  /** Host name resolution for the URL check (tests replace it). */
  resolver?: Resolver;
  /** How long the delivery log is kept (config WEBHOOK_LOG_RETENTION); 0 keeps it for ever. Default 90 days. */
  logRetentionMs?: number;
}

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The webhook module: endpoints (`endpoints`), `company.updated` for the request engine (`requestEvents`),
 * `emit` for other event sources (monitors), and the durable delivery behind them.
 */
export class WebhookService {
  readonly endpoints: WebhookEndpoints;
  readonly requestEvents: RequestEvents;
  /** Set by the composition root once the app's logger exists. */
  log: Logger = { error: () => undefined, warn: () => undefined, info: () => undefined };
  private readonly dispatcher: WebhookDispatcher;
  private readonly companyUpdates: CompanyUpdates;
  private readonly sender: WebhookSender;
  /** The delivery log's daily pruning (started by `resumePending`). */
  readonly retention: WebhookLogRetention;

  constructor(db: Db, clock: Clock, queue: WorkQueue, opts: WebhookOptions) {
    const endpointRepo = new EndpointRepository(db);
    const deliveryRepo = new DeliveryRepository(db);
    const guard = new UrlGuard(opts.mode, opts.resolver);
    this.sender = new WebhookSender(guard, { timeoutMs: opts.timeoutMs ?? 15_000, userAgent: opts.userAgent ?? 'registrum-webhooks/1.0' });
    this.dispatcher = new WebhookDispatcher(db, endpointRepo, deliveryRepo, this.sender, queue, clock, opts.schedule, {
      onError: (err) => this.log.error({ err }, 'a webhook attempt finishing after its batch could not be recorded; it is sent again'),
      onAttempt: (attempt) => observeWebhookAttempt(this.log, attempt),
    });
    this.retention = new WebhookLogRetention(deliveryRepo, queue, clock, opts.logRetentionMs ?? 90 * 86_400_000);
    this.endpoints = new WebhookEndpoints(db, endpointRepo, deliveryRepo, this.dispatcher, guard, clock);
    this.companyUpdates = new CompanyUpdates(this.dispatcher, new RequestVersions(db), opts.companyPayload, clock, (err) =>
      this.log.error({ err }, 'company.updated could not be emitted'),
    );
    this.requestEvents = this.companyUpdates;
  }

  /**
   * Sends an event to every enabled endpoint of the account, durably (for `monitor.notification`).
   * Returns the message id (the `webhook-id` header), or undefined when the account has no endpoint.
   */
  emit(accountId: string, type: WebhookEventType, payload: object): Promise<string | undefined> {
    return this.dispatcher.emit(accountId, type, payload);
  }

  /** `emit` in two halves, for events recorded in the transaction of the change they report (monitor checks). */
  get notifications(): Pick<WebhookDispatcher, 'stage' | 'dispatchMany'> {
    return {
      stage: (...a) => this.dispatcher.stage(...a),
      dispatchMany: (s) => this.dispatcher.dispatchMany(s),
    };
  }

  /**
   * At start: sends the jobs of deliveries left pending by a stopped process, then emits the
   * `company.updated` events it lost. Safe to call in every process sharing the database.
   */
  async resumePending(): Promise<{ deliveries: number; events: number }> {
    const deliveries = await this.dispatcher.resumePending();
    const events = await this.companyUpdates.catchUp();
    await this.retention.start();
    return { deliveries, events };
  }

  /** Waits for emissions in flight and closes idle connections; call after the queue stopped. */
  async stop(): Promise<void> {
    await this.dispatcher.drain();
    await this.companyUpdates.drain();
    await this.sender.close();
  }
}
