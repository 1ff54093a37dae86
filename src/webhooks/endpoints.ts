import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { Db } from '../store/db.ts';
import type { DeliveryRepository } from './repository/deliveries.ts';
import type { DeliveryAttempt, Endpoint, LoggedMessage } from './types.ts';
import type { WebhookDispatcher } from './delivery.ts';
import type { EndpointRepository } from './repository/endpoints.ts';
import { generateSecret } from './signing.ts';
import type { UrlGuard } from './url-guard.ts';
import { MessageLog } from './repository/messages.ts';

/** The event type of a test message: receivers can tell it from real events and ignore it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** Every event fans out to every endpoint of the account: a bound keeps one account from multiplying the work. */
export const MAX_ENDPOINTS_PER_ACCOUNT = 20;
/** How long a rotated-out secret keeps signing beside the new one (CONTRACT §4), by the service clock. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

/** The account-facing operations on webhook endpoints, their secrets and their delivery log. */
export class WebhookEndpoints {
  private readonly log: MessageLog;

  constructor(
    private readonly db: Db,
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly dispatcher: WebhookDispatcher,
    private readonly guard: UrlGuard,
    private readonly clock: Clock,
  ) {
    this.log = new MessageLog(db);
  }

  async get(accountId: string, id: string): Promise<Endpoint> {
    return this.require(accountId, id);
  }

  /**
   * Sends a test message (`webhook.test`) to this endpoint only, on the same schedule and log as real events, so a
   * receiver can be checked before real events flow. Returns the message id.
   */
  async sendTest(accountId: string, id: string): Promise<string> {
    const endpoint = await this.require(accountId, id);
    if (endpoint.status === 'disabled') throw new ApiError('invalid_request', `webhook endpoint ${id} is disabled`);
    const now = this.clock.now();
    const payload = { endpointId: id, timestamp: now.toISOString(), message: 'A test event sent from the dashboard.' };
    const messageId = await this.dispatcher.emit(accountId, TEST_EVENT_TYPE, payload, { endpointId: id });
    if (!messageId) throw new ApiError('invalid_request', `webhook endpoint ${id} cannot receive events`);
    return messageId;
  }

  /** The endpoint's messages, newest first, with their delivery state (the dashboard's delivery log). */
  async messages(
    accountId: string,
    id: string,
    page: { first: number; after?: string },
  ): Promise<{ messages: LoggedMessage[]; hasNextPage: boolean }> {
    await this.require(accountId, id);
    const rows = await this.log.page(id, { ...page, first: page.first + 1 });
    return { messages: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
  }

  /** One message sent to the endpoint, its body and every attempt. */
  async message(
    accountId: string,
    id: string,
    messageId: string,
  ): Promise<{ message: LoggedMessage & { body: string }; attempts: DeliveryAttempt[] }> {
    await this.require(accountId, id);
    const message = await this.log.get(id, messageId);
    if (!message) throw new ApiError('resource_not_found', `no message ${messageId} was sent to webhook endpoint ${id}`);
    return { message, attempts: await this.deliveries.attempts(id, { first: 200, messageId }) };
  }

  /** Creates an endpoint; its secret is returned here and by `rotateSecret` only. */
  async create(accountId: string, input: { url: string; description?: string }): Promise<{ endpoint: Endpoint; secret: string }> {
    const problems = await this.guard.check(input.url);
    if (problems.length > 0) throw new ApiError('invalid_request', 'the webhook URL is not allowed', problems);
    if ((await this.endpoints.count(accountId)) >= MAX_ENDPOINTS_PER_ACCOUNT) {
      throw new ApiError('invalid_request', `an account has at most ${MAX_ENDPOINTS_PER_ACCOUNT} webhook endpoints`, [
        'delete an endpoint first',
      ]);
    }
    const now = this.clock.now();
    const endpoint: Endpoint = {
      id: newId('whe', now.getTime()),
      accountId,
      url: input.url,
      description: input.description ?? null,
      status: 'enabled',
      disabledReason: null,
      createdAt: now,
    };
    const secret = generateSecret();
    await this.db.transaction((tx) => this.endpoints.insert(tx, endpoint, secret));
    return { endpoint, secret };
  }

  list(accountId: string): Promise<Endpoint[]> {
    return this.endpoints.list(accountId);
  }

  /** Removes an endpoint: it receives nothing more, and what was pending for it is cancelled. */
  async delete(accountId: string, id: string): Promise<void> {
    const now = this.clock.now();
    const deleted = await this.db.transaction(async (tx) => {
      if (!(await this.endpoints.markDeleted(tx, accountId, id, now))) return false;
      await this.deliveries.cancelPending(tx, id, now);
      return true;
    });
    if (!deleted) throw notFound(id);
  }

  /** A new secret; the previous ones keep signing beside it until `previousSecretExpiresAt`. */
  async rotateSecret(accountId: string, id: string): Promise<{ secret: string; previousSecretExpiresAt: Date }> {
    const now = this.clock.now();
    const graceUntil = new Date(now.getTime() + ROTATION_GRACE_MS);
    const secret = generateSecret();
    const found = await this.db.transaction(async (tx) => {
      if (!(await this.endpoints.get(accountId, id, tx))) return false;
      await this.endpoints.rotate(tx, id, secret, now, graceUntil);
      return true;
    });
    if (!found) throw notFound(id);
    return { secret, previousSecretExpiresAt: graceUntil };
  }

  /** The endpoint's attempts, newest first; one more than `first` is read to tell whether a next page exists. */
  async attempts(
    accountId: string,
    id: string,
    page: { first: number; after?: string; messageId?: string },
  ): Promise<{ attempts: DeliveryAttempt[]; hasNextPage: boolean }> {
    await this.require(accountId, id);
    const rows = await this.deliveries.attempts(id, { ...page, first: page.first + 1 });
    return { attempts: rows.slice(0, page.first), hasNextPage: rows.length > page.first };
  }

  /** Delivers one message to one endpoint again, now; returns the attempt. */
  async retry(accountId: string, id: string, messageId: string): Promise<DeliveryAttempt> {
    const endpoint = await this.require(accountId, id);
    if (endpoint.status === 'disabled') {
      throw new ApiError('invalid_request', `webhook endpoint ${id} is disabled`, [
        `reason: ${endpoint.disabledReason ?? 'disabled'}`,
        'create a new endpoint to receive events again',
      ]);
    }
    const ctx = await this.deliveries.context(messageId, id, this.clock.now(), accountId);
    if (!ctx) throw new ApiError('resource_not_found', `no message ${messageId} was sent to webhook endpoint ${id}`);
    return this.dispatcher.attemptNow(ctx);
  }

  private async require(accountId: string, id: string): Promise<Endpoint> {
    const endpoint = await this.endpoints.get(accountId, id);
    if (!endpoint) throw notFound(id);
    return endpoint;
  }
}

function notFound(id: string): ApiError {
  return new ApiError('resource_not_found', `no webhook endpoint ${id}`);
}
