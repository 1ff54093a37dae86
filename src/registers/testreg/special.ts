import { RegisterError } from '../errors.ts';

/**
 * The ids that make the TEST register fail in a chosen way (CONTRACT §3), so that clients can rehearse every
 * error without arranging a real failure. Matched without regard to case: they are typed by hand.
 */
const SPECIAL = new Map<string, () => RegisterError>([
  ['RESOURCE_NOT_FOUND', () => RegisterError.notFound('RESOURCE_NOT_FOUND: the TEST register has no such company')],
  ['INVALID_REQUEST', () => new RegisterError('invalid_request', 'INVALID_REQUEST: the TEST register rejects this request', false)],
  [
    'PROCESSING_FAILED',
    () => new RegisterError('processing_failed', 'PROCESSING_FAILED: the TEST register answered with data that cannot be processed', false),
  ],
  ['SERVICE_UNAVAILABLE', () => RegisterError.unavailable('SERVICE_UNAVAILABLE: the TEST register is unavailable')],
]);

export function isSpecialId(id: string): boolean {
  return SPECIAL.has(id.trim().toUpperCase());
}

/** Throws the error a special id stands for; does nothing for any other id. */
export function throwIfSpecial(...ids: string[]): void {
  for (const id of ids) {
    const make = SPECIAL.get(id.trim().toUpperCase());
    if (make) throw make();
  }
}
