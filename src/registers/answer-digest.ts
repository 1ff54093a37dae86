import { createHash } from 'node:crypto';
import { canonicalJson } from '../shared/canonical-json.ts';
import type { CallContext } from './contract.ts';

/**
 * A digest of a register's own answer: the native record as read from its protocol (the parsed page, JSON or report
 * fields), before any mapping of ours (`Fetched.answerDigest`). Two reads with equal digests saw the same answer, so
 * a difference between what they map to is our mapping's, not the register's (src/monitors/checker.ts). Members are
 * taken in key order (an answer that lists them otherwise is the same answer); absent members do not count.
 */
export function answerDigest(...answers: unknown[]): string {
  return createHash('sha256').update(canonicalJson(answers)).digest('hex');
}

/**
 * `Fetched.answerDigest` for a fetch: worked out only when a monitor reads (`purpose: 'monitor'`), its one reader, so
 * that a customer's request does not hash what nobody compares.
 */
export function answerDigestFor(ctx: Pick<CallContext, 'purpose'>, ...answers: unknown[]): string | undefined {
  return ctx.purpose === 'monitor' ? answerDigest(...answers) : undefined;
}
