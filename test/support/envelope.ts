import assert from 'node:assert/strict';
import { ErrorBody } from '../../src/contract/errors.ts';

/**
 * Asserts an answer is the contract's error envelope with this status and code: `{statusCode, error: {code,
 * message, details?}}`, `statusCode` repeating the HTTP status (CONTRACT §3).
 */
export function assertError(res: { status: number; body: unknown }, status: number, code: string, what = ''): void {
  assert.equal(res.status, status, `${what} ${JSON.stringify(res.body)}`);
  const body = ErrorBody.parse(res.body);
  assert.equal(body.statusCode, status, what);
  assert.equal(body.error.code, code, what);
}
