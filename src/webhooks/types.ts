/** The webhooks module's domain types: what services, routes and pages see of endpoints and deliveries. */

/** Where a message stands for one endpoint. */
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/** A webhook endpoint (its secrets are apart: shown once, then only used to sign). */
export interface Endpoint {
  id: string;
  accountId: string;
  url: string;
  description: string | null;
  status: 'enabled' | 'disabled';
  disabledReason: string | null;
  createdAt: Date;
}

/** One attempt to deliver a message to an endpoint, as the delivery log shows it. */
export interface DeliveryAttempt {
  id: string;
  messageId: string;
  endpointId: string;
  eventType: string;
  attempt: number;
  trigger: 'scheduled' | 'manual';
  status: 'succeeded' | 'failed';
  responseStatus: number | null;
  /** The start of the receiver's answer (sender.ts, RESPONSE_EXCERPT_BYTES), null when it answered nothing. */
  responseBody: string | null;
  error: string | null;
  nextAttemptAt: Date | null;
  createdAt: Date;
}

/** One message as an endpoint's delivery log shows it: the delivery's state and the start of the body. */
export interface LoggedMessage {
  id: string;
  eventType: string;
  createdAt: Date;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  /** The first characters of the signed body. */
  excerpt: string;
}
