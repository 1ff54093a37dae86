import { Webhook } from 'standardwebhooks';
import type { components } from './schema.d.ts';

type Schemas = components['schemas'];

/** `company.updated`: the request's `GET /v2/company/{requestId}` answer, sent when its data changed. */
export type CompanyUpdatedEvent = Schemas['CompanyResponse'] & { type: 'company.updated' };
/** `monitor.notification`: a monitored company changed (or disappeared). */
export type MonitorNotificationEvent = Schemas['MonitorNotification'] & { type: 'monitor.notification' };
/** Every event the service sends to webhook endpoints; narrow on `type`. */
export type WebhookEvent = CompanyUpdatedEvent | MonitorNotificationEvent;

export const WEBHOOK_EVENT_TYPES = ['company.updated', 'monitor.notification'] as const;

/**
 * Verifies a delivery (Standard Webhooks: signature over `id.timestamp.body` with any of the endpoint's secrets,
 * timestamp within 5 minutes) and returns its event. `payload` is the raw body, as received: parsing and
 * re-serialising it first breaks the signature. Throws when it does not verify or is not an event this client knows.
 */
export function verifyWebhook(
  payload: string | Buffer,
  headers: Record<string, string | string[] | undefined> | Headers,
  secret: string,
): WebhookEvent {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((v, k) => (plain[k] = v));
  else for (const [k, v] of Object.entries(headers)) if (v !== undefined) plain[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  const event = new Webhook(secret).verify(typeof payload === 'string' ? payload : payload.toString('utf8'), plain) as { type?: unknown };
  if (!WEBHOOK_EVENT_TYPES.includes(event.type as WebhookEvent['type']))
    throw new Error(`unknown webhook event type: ${String(event.type)}`);
  return event as WebhookEvent;
}
