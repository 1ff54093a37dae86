import type { ForeseenUnit } from '../billing/settlement-types.ts';
import type { StoredRequest } from '../requests/repository.ts';

/**
 * The data points an accept left open whose blocks' settlements its quote foresaw (ForeseenUnit: a charge of a block
 * the account has no event of for the company within its window, or a deduplication against a charge found there),
 * each the only item of its block, in a request without documents: the settlement of each can write it in one statement
 * (BillingSettlement.settleForeseen). By data point.
 */
export type ForeseenItems = ReadonlyMap<string, ForeseenUnit>;

interface Slot {
  leaseOwner: string | null;
  foreseen?: ForeseenItems;
  /** The foreseen data points delivered so far (`arrive`). */
  arrived?: Set<string>;
  answer?: Promise<StoredRequest | undefined>;
}

/**
 * Answers of onboarding requests read by the settlement that closed their last open item, in its commit's round trip
 * (RequestRepository.settledAfterCommit), for the request's caller to answer with instead of reading the request
 * again: one round trip to the store fewer per onboarding request.
 *
 * The caller opens a slot before the request's work runs (`expect`) and always empties it after (`take`); a settlement
 * offers an answer only to an open slot, so that one arriving after its caller has gone (an onboarding deadline) is
 * not kept. An answer is a read of the request after that commit; the caller still checks that nothing in it is open.
 */
export class SettledAnswers {
  private readonly slots = new Map<string, Slot>();

  /** The request's work is about to run in this process, whose lease on it is `leaseOwner`; `foreseen`: see ForeseenItems. */
  expect(requestId: string, leaseOwner: string | null, foreseen?: ForeseenItems): void {
    this.slots.set(requestId, { leaseOwner, ...(foreseen ? { foreseen } : {}) });
  }

  /**
   * The lease the answer's read may end, and what the accept knew of the request's open items, when the request's
   * caller is waiting for an answer; otherwise undefined.
   */
  waiting(requestId: string): { leaseOwner: string | null; foreseen?: ForeseenItems } | undefined {
    return this.slots.get(requestId);
  }

  /**
   * A foreseen data point of the request was delivered: whether every data point the accept foresaw has been (those
   * delivered together settle in one transaction, ForeseenSettler.succeed).
   */
  arrive(requestId: string, name: string): boolean {
    const slot = this.slots.get(requestId);
    if (!slot?.foreseen) return true;
    (slot.arrived ??= new Set()).add(name);
    for (const foreseen of slot.foreseen.keys()) if (!slot.arrived.has(foreseen)) return false;
    return true;
  }

  /** The answer a settlement read (undefined when its transaction did not commit); a failed read counts as none. */
  offer(requestId: string, answer: Promise<StoredRequest | undefined>): void {
    const slot = this.slots.get(requestId);
    if (slot) slot.answer = answer.catch(() => undefined);
  }

  /** The answer offered for the request, if any; the slot is closed either way. */
  async take(requestId: string): Promise<StoredRequest | undefined> {
    const slot = this.slots.get(requestId);
    this.slots.delete(requestId);
    return slot?.answer;
  }
}
