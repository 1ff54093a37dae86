import { sleep } from '../shared/sleep.ts';
import { deadline } from '../shared/deadline.ts';

/** The authority could not be asked (down, throttled, stalled): a verification is then left out. */
export class AuthorityUnavailable extends Error {}

export interface AuthorityHttpOptions {
  /** Named in error messages, e.g. "HMRC". */
  name: string;
  userAgent: string;
  /** One attempt's limit. */
  timeoutMs: number;
  /** First retry delay; doubles per attempt, with jitter; a longer Retry-After wins (within maxBackoffMs). */
  backoffMs?: number;
  maxBackoffMs?: number;
  fetch?: typeof fetch;
}

export interface AuthorityRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface AuthorityAnswer {
  status: number;
  /** The body as JSON; undefined when it is not JSON. */
  json: unknown;
  headers: Headers;
}

/**
 * HTTP to a tax authority, the way the register clients do it (see registers/us-ny/portal/client.ts): every attempt
 * has a timeout, network errors, timeouts, 429 and 5xx (and answers the caller calls transient, such as VIES's
 * "member state unavailable") are retried with exponential backoff and jitter honouring Retry-After, and requests
 * carry an honest user agent. When the attempts run out it throws AuthorityUnavailable.
 */
export class AuthorityHttp {
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: AuthorityHttpOptions) {
    this.fetch = opts.fetch ?? fetch;
  }

  async send(
    request: AuthorityRequest,
    ctx: { signal: AbortSignal; attempts: number; transient?: (answer: AuthorityAnswer) => string | undefined },
  ): Promise<AuthorityAnswer> {
    let reason = '';
    let retryAfterMs = 0;
    const attempts = Math.max(1, ctx.attempts);
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await this.pause(attempt, retryAfterMs, ctx.signal);
      retryAfterMs = 0;
      const timeout = deadline(this.opts.timeoutMs, ctx.signal);
      let answer: AuthorityAnswer;
      try {
        const res = await this.fetch(request.url, {
          method: request.method,
          headers: { accept: 'application/json', 'user-agent': this.opts.userAgent, ...request.headers },
          body: request.body,
          signal: timeout.signal,
        });
        const text = await res.text();
        answer = { status: res.status, json: parseJson(text), headers: res.headers };
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        reason = timeout.expired ? `no answer within ${this.opts.timeoutMs} ms` : (err as Error).message;
        continue;
      } finally {
        timeout.clear();
      }
      if (answer.status === 429 || answer.status >= 500) {
        reason = `answered ${answer.status}`;
        const after = Number(answer.headers.get('retry-after'));
        if (Number.isFinite(after) && after > 0) retryAfterMs = after * 1000;
        continue;
      }
      const transient = ctx.transient?.(answer);
      if (transient) {
        reason = transient;
        continue;
      }
      return answer;
    }
    throw new AuthorityUnavailable(`${this.opts.name} could not be asked: ${reason}`);
  }

  private async pause(attempt: number, retryAfterMs: number, signal: AbortSignal) {
    const base = this.opts.backoffMs ?? 300;
    const max = this.opts.maxBackoffMs ?? 4000;
    const exp = Math.min(max, base * 2 ** (attempt - 1));
    await sleep(Math.min(Math.max(exp * (0.5 + Math.random() * 0.5), retryAfterMs), max), signal);
  }
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
