import { sleep } from '../../shared/sleep.ts';
import { RegisterError } from '../errors.ts';

export const SOURCE = 'Companies House Public Data API';

/** Where the API is: a fixed URL (live) or one known once the in-process emulator listens (sandbox). */
export type ApiLocation = () => Promise<string>;

export interface ClientOptions {
  apiKey: string;
  /** One call's limit. */
  timeoutMs: number;
  /** The service clock's milliseconds, to read the register's reset time against. */
  nowMs?: () => number;
  /** How many 429s one call waits out before giving up as unavailable. */
  maxRateLimitWaits?: number;
  /** Waits for the key's shared budget before each request (the token bucket in the store). */
  beforeCall?: (signal: AbortSignal) => Promise<void>;
}

/**
 * The connector's HTTP client of the Companies House APIs: the API key as HTTP Basic user name, JSON answers, and the
 * register's failures in register terms. A 429 is waited out until the window the register names ends
 * (`X-Ratelimit-Reset`, or `Retry-After`) as long as the caller's signal allows, then the call is made again; only
 * when the deadline comes first does it become `service_unavailable` (retryable).
 */
export class CompaniesHouseClient {
  constructor(
    private readonly location: ApiLocation,
    private readonly opts: ClientOptions,
  ) {}

  /** A JSON resource; undefined for 404 (the register's "not found"). */
  async get<T>(path: string, signal: AbortSignal): Promise<T | undefined> {
    const res = await this.call(path, signal, 'application/json');
    if (!res) return undefined;
    try {
      return (await res.json()) as T;
    } catch {
      throw new RegisterError('processing_failed', `${SOURCE} answered ${path} with a body that is not JSON`, false, SOURCE);
    }
  }

  /** Bytes of a document's content in one of the `accept`ed types; undefined for 404. */
  async content(path: string, accept: string, signal: AbortSignal): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
    const res = await this.call(path, signal, accept);
    if (!res) return undefined;
    return { contentType: (res.headers.get('content-type') ?? '').split(';')[0]!.trim(), bytes: new Uint8Array(await res.arrayBuffer()) };
  }

  private async call(path: string, signal: AbortSignal, accept: string): Promise<Response | undefined> {
    const base = await this.location();
    const auth = `Basic ${Buffer.from(`${this.opts.apiKey}:`).toString('base64')}`;
    for (let waits = 0; ; waits++) {
      await this.opts.beforeCall?.(signal);
      let res: Response;
      try {
        res = await fetch(base + path, {
          headers: { authorization: auth, accept },
          signal: AbortSignal.any([signal, AbortSignal.timeout(this.opts.timeoutMs)]),
        });
      } catch (err) {
        if (signal.aborted) throw signal.reason ?? err;
        throw RegisterError.unavailable(`${SOURCE} cannot be reached: ${(err as Error).message}`, SOURCE);
      }
      if (res.ok) return res;
      const text = (await res.text().catch(() => '')).slice(0, 200);
      if (res.status === 404) return undefined;
      if (res.status === 429 && waits < (this.opts.maxRateLimitWaits ?? 5)) {
        await sleep(this.retryAfterMs(res), signal).catch((err) => {
          throw signal.aborted ? err : RegisterError.unavailable(`${SOURCE} rate limit`, SOURCE);
        });
        continue;
      }
      if (res.status === 401)
        throw new RegisterError('service_unavailable', `${SOURCE} refused the API key (GB_API_KEY): ${text}`, false, SOURCE);
      if (res.status === 429 || res.status >= 500) throw RegisterError.unavailable(`${SOURCE} answered ${res.status} ${text}`, SOURCE);
      throw new RegisterError('processing_failed', `${SOURCE} answered ${res.status} for ${path}: ${text}`, false, SOURCE);
    }
  }

  /** Until the register's window ends, plus a little so that the next call falls in the new window. */
  private retryAfterMs(res: Response): number {
    const now = (this.opts.nowMs ?? Date.now)();
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) return Math.max(50, reset * 1000 - now + 50);
    const after = Number(res.headers.get('retry-after'));
    return Number.isFinite(after) && after > 0 ? after * 1000 : 1000;
  }
}
