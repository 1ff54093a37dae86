/** Why a register call failed, in the terms of the data-point error codes (CONTRACT §3). */
export type RegisterErrorCode = 'resource_not_found' | 'service_unavailable' | 'processing_failed' | 'invalid_request';

/**
 * A failure of a register call. `retryable` separates "try again later" (an outage, a timeout) from
 * "never retry" (not found, unparseable answer); verification mode retries only the former.
 */
export class RegisterError extends Error {
  constructor(
    readonly code: RegisterErrorCode,
    message: string,
    readonly retryable: boolean = code === 'service_unavailable',
    readonly source?: string,
  ) {
    super(message);
    this.name = 'RegisterError';
  }

  static notFound(message = 'the company was not found in the register', source?: string) {
    return new RegisterError('resource_not_found', message, false, source);
  }

  static unavailable(message = 'the register is unavailable', source?: string) {
    return new RegisterError('service_unavailable', message, true, source);
  }
}
