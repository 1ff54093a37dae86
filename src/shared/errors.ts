/**
 * The closed set of error codes (CONTRACT §3) and the HTTP status of each. Every non-2xx response of the
 * API is an `ApiError` rendered as `{statusCode, error: {code, message, details?}}`.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_funds: 402,
  resource_not_found: 404,
  not_supported: 406,
  processing_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: string[],
    readonly headers?: Record<string, string>,
    /** Only for the few statuses outside the table that still belong to a code, e.g. 413 as invalid_request. */
    statusOverride?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusOverride ?? ERROR_STATUS[code];
  }

  toBody() {
    return {
      statusCode: this.statusCode,
      error: { code: this.code, message: this.message, ...(this.details?.length ? { details: this.details } : {}) },
    };
  }
}

/** Codes a data point or document can fail with (CONTRACT §3, "Failed data point or document"). */
export const ITEM_ERROR_CODES = [
  'resource_not_found',
  'service_unavailable',
  'processing_failed',
  'datapoint_not_supported',
  'onboarding_timeout',
  'budget_exceeded',
  'insufficient_funds',
] as const;
export type ItemErrorCode = (typeof ITEM_ERROR_CODES)[number];
