import { z } from 'zod';
import { PageQuery, Timestamp } from './common.ts';

export const WebhookEndpointCreateBody = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http or https URL' })
      .max(2000)
      .describe(
        'Where events are POSTed. http or https. With REGISTERS=live, hosts that are or resolve to loopback, private, ' +
          'link-local or unique-local addresses are refused; the sandbox allows loopback and private networks.',
      ),
    description: z.string().trim().max(500).optional(),
  })
  .strict()
  .meta({ id: 'WebhookEndpointCreate' });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().optional(),
    status: z
      .enum(['enabled', 'disabled'])
      .describe('`disabled` once the endpoint answered 410 Gone: it receives nothing more; create a new one.'),
    disabledReason: z.string().optional(),
    createdAt: Timestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

const secret = z
  .string()
  .describe('`whsec_` + base64 of 32 random bytes; verify deliveries with any Standard Webhooks library. Shown once.');

export const WebhookEndpointCreated = WebhookEndpoint.extend({ secret }).meta({ id: 'WebhookEndpointCreated' });

export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) }).meta({ id: 'WebhookEndpointList' });

export const WebhookSecretRotated = z
  .object({
    secret,
    previousSecretExpiresAt: Timestamp.describe('Until then (service clock) the previous secret signs too, beside the new one.'),
  })
  .meta({ id: 'WebhookSecretRotated' });

export const WebhookDeliveryAttempt = z
  .object({
    id: z.string(),
    messageId: z.string().describe('The `webhook-id` header: one per event, the same on every attempt and endpoint.'),
    eventType: z.string().describe('`company.updated` or `monitor.notification`.'),
    attempt: z.number().int().describe('1 for the first attempt of this message at this endpoint, counting manual retries.'),
    trigger: z.enum(['scheduled', 'manual']),
    status: z.enum(['succeeded', 'failed']).describe('succeeded: the endpoint answered 2xx.'),
    responseStatus: z.number().int().optional().describe('Absent when no answer came (connection error, timeout).'),
    responseBody: z
      .string()
      .max(1024)
      .optional()
      .describe("The start of the endpoint's answer (its first 1 KiB, as text), to see why it refused; absent when it answered nothing."),
    error: z.string().optional(),
    nextAttemptAt: Timestamp.optional().describe('When the next automatic attempt is due, after a failed scheduled one.'),
    createdAt: Timestamp,
  })
  .meta({ id: 'WebhookDeliveryAttempt' });

export const WebhookDeliveryQuery = PageQuery.extend({
  messageId: z.string().max(100).optional().describe('Only the attempts of this message.'),
});

export const WebhookDeliveryList = z
  .object({ deliveries: z.array(WebhookDeliveryAttempt), hasNextPage: z.boolean(), nextCursor: z.string().optional() })
  .meta({ id: 'WebhookDeliveryList' });

export const WebhookEndpointParams = z.object({ id: z.string().min(1).max(100) });
export const WebhookMessageParams = WebhookEndpointParams.extend({ messageId: z.string().min(1).max(100) });
