import type { WebhookDeliveryAttempt, WebhookEndpoint } from '../../../contract/index.ts';
import type { DeliveryAttempt, Endpoint } from '../../../webhooks/types.ts';
import type { z } from 'zod';

/** Response shapes shared by the webhook-endpoint routes. */
export function endpointView(e: Endpoint): z.infer<typeof WebhookEndpoint> {
  return {
    id: e.id,
    url: e.url,
    ...(e.description ? { description: e.description } : {}),
    status: e.status,
    ...(e.disabledReason ? { disabledReason: e.disabledReason } : {}),
    createdAt: e.createdAt.toISOString(),
  };
}

export function attemptView(a: DeliveryAttempt): z.infer<typeof WebhookDeliveryAttempt> {
  return {
    id: a.id,
    messageId: a.messageId,
    eventType: a.eventType,
    attempt: a.attempt,
    trigger: a.trigger,
    status: a.status,
    ...(a.responseStatus !== null ? { responseStatus: a.responseStatus } : {}),
    ...(a.responseBody !== null ? { responseBody: a.responseBody } : {}),
    ...(a.error ? { error: a.error } : {}),
    ...(a.nextAttemptAt ? { nextAttemptAt: a.nextAttemptAt.toISOString() } : {}),
    createdAt: a.createdAt.toISOString(),
  };
}
