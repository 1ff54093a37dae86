/**
 * An error answer of the API (its envelope `{statusCode, error: {code, message, details}}`), or a network failure
 * (`code: 'network_error'`, status 0). `code` is the API's closed set (CONTRACT §3): branch on it, not on the message.
 */
export class RegistrumError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string[] = [],
    /** The `x-request-id` of the failed call: quote it to the operator. */
    readonly requestId?: string,
    /** From `Retry-After` (429, 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RegistrumError';
  }

  /** Worth trying again later (rate limited, a register or the service unavailable, the network). */
  get retryable(): boolean {
    return this.status === 429 || this.status === 503 || this.code === 'network_error';
  }
}

/** The error of a non-2xx response, from its envelope when it has one. */
export function errorOf(response: Response, body: unknown): RegistrumError {
  const envelope = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error;
  const code = typeof envelope?.code === 'string' ? envelope.code : `http_${response.status}`;
  const message = typeof envelope?.message === 'string' ? envelope.message : `${response.status} ${response.statusText}`;
  const details = Array.isArray(envelope?.details) ? envelope.details.map(String) : [];
  return new RegistrumError(
    response.status,
    code,
    message,
    details,
    response.headers.get('x-request-id') ?? undefined,
    retryAfterMs(response.headers.get('retry-after')),
  );
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
