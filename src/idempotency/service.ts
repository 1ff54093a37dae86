import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { sleep } from '../shared/sleep.ts';
import type { IdempotencyRepository } from './repository.ts';

const WINDOW_MS = 24 * 3_600_000;
/**
 * A first attempt is taken to have died with its process once that process's lease has expired (ProcessLease); one
 * recorded without a lease (before leases) once it is still unanswered after this long.
 */
const ABANDONED_MS = 2 * 60_000;
const WAIT_FOR_FIRST_MS = 60_000;

/** What a piece of work answers: the status and body a repeat of its key gets too. */
export interface IdempotentResult<T> {
  status: number;
  body: T;
}

/** The request a key is used for: a repeat must name the same route with the same body. */
export interface IdempotentRequest {
  accountId: string;
  key: string;
  route: string;
  fingerprint: string;
}

/**
 * Repeat-safe work (CONTRACT §3): a repeat with the same key within 24 hours gets the first answer and does no new
 * work. A repeat that arrives while the first is running waits for it. Reusing a key for a different request is a 400.
 */
export class IdempotencyService {
  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
    /** This process's lease, recorded on the keys it claims so that others can take them over if it dies. */
    private readonly lease?: { readonly id: string },
  ) {}

  /** The work's answer, or the first attempt's (`replayed`). */
  async run<T>(request: IdempotentRequest, work: () => Promise<IdempotentResult<T>>): Promise<IdempotentResult<T> & { replayed: boolean }> {
    const { accountId, key } = request;
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await this.claim(request)) break;
      const stored = await this.repo.load(accountId, key);
      if (!stored) continue;
      if (stored.route !== request.route || stored.fingerprint !== request.fingerprint) {
        throw new ApiError('invalid_request', 'this Idempotency-Key was used with a different request', [
          'use a new key for a new request',
        ]);
      }
      if (stored.statusCode !== null) return { status: stored.statusCode, body: stored.response as T, replayed: true };
      if (Date.now() > deadline) {
        throw new ApiError('service_unavailable', 'the first request with this Idempotency-Key is still running', undefined, {
          'retry-after': '5',
        });
      }
      await sleep(100);
    }
    try {
      const result = await work();
      await this.repo.complete(accountId, key, result.status, result.body);
      return { ...result, replayed: false };
    } catch (err) {
      // A client error is the answer (a repeat gets it too); anything else may succeed on a retry.
      if (err instanceof ApiError && err.statusCode < 500) await this.repo.complete(accountId, key, err.statusCode, err.toBody());
      else await this.repo.release(accountId, key);
      throw err;
    }
  }

  private claim(request: IdempotentRequest): Promise<boolean> {
    const now = this.clock.now();
    return this.repo.claim(
      request.accountId,
      request.key,
      request,
      now,
      { expiredBefore: new Date(now.getTime() - WINDOW_MS), abandonedBefore: new Date(now.getTime() - ABANDONED_MS) },
      this.lease?.id ?? null,
    );
  }
}
