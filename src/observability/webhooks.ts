import { webhookAttempts, webhookLag } from './metrics.ts';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time of an id of `shared/ids.ts` (its first 10 characters after the prefix are milliseconds). */
export function idTimeMs(id: string): number | undefined {
  const time = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11);
  let ms = 0;
  for (const c of time) {
    const v = ALPHABET.indexOf(c);
    if (v < 0) return undefined;
    ms = ms * 32 + v;
  }
  return ms;
}

export interface WebhookAttemptInfo {
  messageId: string;
  endpointId: string;
  eventType: string;
  /** The attempt's outcome: a 2xx, a failure to retry, or a 410 (the endpoint is disabled). */
  ok: boolean;
  responseStatus?: number;
  error?: string;
  /** Service-clock time of the attempt. */
  nowMs: number;
  ms: number;
}

/** One webhook attempt into the metrics (outcome, lag since the event) and the log, with the causing request's id. */
export function observeWebhookAttempt(log: { info(o: object, m: string): void; warn(o: object, m: string): void }, a: WebhookAttemptInfo) {
  const outcome = a.ok ? 'succeeded' : a.responseStatus === 410 ? 'gone' : 'failed';
  webhookAttempts.inc({ event_type: a.eventType, outcome });
  const created = idTimeMs(a.messageId);
  if (created !== undefined) webhookLag.observe({ outcome }, Math.max(0, a.nowMs - created) / 1000);
  const line = {
    messageId: a.messageId,
    endpointId: a.endpointId,
    eventType: a.eventType,
    outcome,
    responseStatus: a.responseStatus,
    ms: Math.round(a.ms),
    ...(a.error ? { reason: a.error } : {}),
  };
  // A receiver that fails is its owner's concern, and retried: a warning, never a stack.
  if (a.ok) log.info(line, 'webhook delivered');
  else log.warn(line, 'webhook attempt failed');
}
