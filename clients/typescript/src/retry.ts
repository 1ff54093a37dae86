import { randomUUID } from 'node:crypto';
import { retryAfterMs } from './errors.ts';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** First backoff when the answer names no `Retry-After`, doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /** Longest wait between two attempts, `Retry-After` included (default 30 s). */
  maxDelayMs?: number;
}

/** Creating POSTs the service deduplicates by `Idempotency-Key` (CONTRACT §3): safe to send again. */
const IDEMPOTENT_POSTS = [/\/v2\/company$/, /\/v2\/monitors$/];

/**
 * A fetch that gives every creating POST an `Idempotency-Key` (kept across its retries) and retries what is safe to
 * retry: 429 always (the request was refused before any work), 503 and network failures for reads and idempotent
 * POSTs; honouring `Retry-After`, else exponential backoff with jitter.
 */
export function retryingFetch(inner: typeof fetch, opts: RetryOptions = {}): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, opts.attempts ?? 4);
  const base = opts.baseDelayMs ?? 500;
  const max = opts.maxDelayMs ?? 30_000;
  return async (request: Request) => {
    const path = new URL(request.url).pathname;
    const idempotentPost = request.method === 'POST' && IDEMPOTENT_POSTS.some((re) => re.test(path));
    if (idempotentPost && !request.headers.has('idempotency-key')) request.headers.set('idempotency-key', randomUUID());
    const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE' || idempotentPost;
    // The body is read once per attempt: keep it to send again.
    const body = request.body ? await request.arrayBuffer() : undefined;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await inner(
          new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }),
        );
      } catch (err) {
        if (last || !safe || request.signal?.aborted) throw err;
        await sleep(backoff(attempt, base, max), request.signal);
        continue;
      }
      const retry = response.status === 429 || (response.status === 503 && safe);
      if (!retry || last) return response;
      const wait = Math.min(max, retryAfterMs(response.headers.get('retry-after')) ?? backoff(attempt, base, max));
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}

function backoff(attempt: number, base: number, max: number): number {
  const exp = Math.min(max, base * 2 ** (attempt - 1));
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
