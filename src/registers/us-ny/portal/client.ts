import type { ZodType } from 'zod';
import { RegisterError } from '../../errors.ts';
import { sleep } from '../../../shared/sleep.ts';
import {
  EntityRecordResponse,
  FilingHistoryResponse,
  PORTAL_PATH,
  SearchResponse,
  isUnknownId,
  type FilingHistoryItem,
  type SearchRequest,
} from './protocol.ts';

export interface PortalClientOptions {
  /** The portal's origin (live: https://apps.dos.ny.gov; sandbox: the emulator); resolved on first use. */
  baseUrl: () => Promise<string>;
  userAgent: string;
  /** One attempt's limit: the host's bot protection stalls rather than refuses. */
  timeoutMs: number;
  /** Attempts per call, the first included. */
  attempts?: number;
  /** First retry delay; doubles per attempt, with jitter; a Retry-After header wins when longer. */
  backoffMs?: number;
  maxBackoffMs?: number;
  fetch?: typeof fetch;
}

export const PORTAL_SOURCE = 'New York Department of State: public inquiry portal';

/**
 * A client of the public inquiry portal's JSON protocol. Every call has a timeout, transient failures (network
 * errors, timeouts, 429, 5xx, a non-JSON answer from the bot wall) are retried with exponential backoff and jitter,
 * and requests carry an honest user agent. Failures surface as RegisterError: `service_unavailable` (retryable)
 * when the portal could not be reached, `processing_failed` when it answered something unreadable.
 */
export class PortalClient {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: PortalClientOptions) {
    this.attempts = opts.attempts ?? 3;
    this.backoffMs = opts.backoffMs ?? 500;
    this.maxBackoffMs = opts.maxBackoffMs ?? 8000;
    this.fetch = opts.fetch ?? fetch;
  }

  /** `GetEntityRecordByID`; undefined when the portal does not know the id. */
  async entityRecord(dosId: string, signal: AbortSignal): Promise<EntityRecordResponse | undefined> {
    const record = await this.call(
      'GetEntityRecordByID',
      { SearchID: dosId, EntityName: '', AssumedNameFlag: 'false' },
      EntityRecordResponse,
      signal,
    );
    return isUnknownId(record) ? undefined : record;
  }

  /**
   * `GetFilingHistoryByID`: the entity's filings, newest first, in one page of up to `limit` (an entity rarely has
   * more than a few dozen). An id the portal does not know has none.
   */
  async filingHistory(dosId: string, signal: AbortSignal, limit = 250): Promise<FilingHistoryItem[]> {
    const body = {
      SearchID: dosId,
      AssumedNameFlag: 'false',
      EntityName: '',
      ListSortedBy: 'ALL',
      listPaginationInfo: { listStartRecord: 1, listEndRecord: limit },
    };
    const answer = await this.call('GetFilingHistoryByID', body, FilingHistoryResponse, signal);
    return answer.filingHistoryResultList ?? [];
  }

  /** `GetComplexSearchMatchingEntities`. */
  async search(request: SearchRequest, signal: AbortSignal): Promise<SearchResponse> {
    return this.call('GetComplexSearchMatchingEntities', request, SearchResponse, signal);
  }

  private async call<T>(endpoint: string, body: unknown, schema: ZodType<T>, signal: AbortSignal): Promise<T> {
    const url = `${(await this.opts.baseUrl()).replace(/\/$/, '')}${PORTAL_PATH}${endpoint}`;
    let lastError: RegisterError | undefined;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      if (attempt > 0) await this.pause(attempt, lastError, signal);
      const outcome = await this.attempt(url, body, schema, signal);
      if (outcome.ok) return outcome.value;
      lastError = outcome.error;
      if (!outcome.error.retryable || signal.aborted) break;
    }
    throw lastError!;
  }

  private async attempt<T>(
    url: string,
    body: unknown,
    schema: ZodType<T>,
    signal: AbortSignal,
  ): Promise<{ ok: true; value: T } | { ok: false; error: RegisterError & { retryAfterMs?: number } }> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': this.opts.userAgent },
        body: JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
      });
      text = await res.text();
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      const why = timeout.aborted ? `no answer within ${this.opts.timeoutMs} ms` : (err as Error).message;
      return { ok: false, error: RegisterError.unavailable(`the NY portal could not be reached: ${why}`, PORTAL_SOURCE) };
    }
    if (res.status === 429 || res.status >= 500) {
      const error: RegisterError & { retryAfterMs?: number } = RegisterError.unavailable(
        `the NY portal answered ${res.status}`,
        PORTAL_SOURCE,
      );
      const retryAfter = Number(res.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfterMs = retryAfter * 1000;
      return { ok: false, error };
    }
    if (!res.ok) {
      return {
        ok: false,
        error: new RegisterError('processing_failed', `the NY portal refused the request (${res.status})`, false, PORTAL_SOURCE),
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // An HTML challenge page instead of JSON: the bot protection, which lets a later attempt through.
      return {
        ok: false,
        error: RegisterError.unavailable('the NY portal answered with a page that is not JSON (bot protection?)', PORTAL_SOURCE),
      };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return {
        ok: false,
        error: new RegisterError(
          'processing_failed',
          `the NY portal answered in an unexpected shape: ${parsed.error.issues[0]?.message ?? ''}`,
          false,
          PORTAL_SOURCE,
        ),
      };
    }
    return { ok: true, value: parsed.data };
  }

  private async pause(attempt: number, last: (RegisterError & { retryAfterMs?: number }) | undefined, signal: AbortSignal) {
    const exp = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
    const jittered = exp * (0.5 + Math.random() * 0.5);
    const wait = Math.min(Math.max(jittered, last?.retryAfterMs ?? 0), Math.max(this.maxBackoffMs, 30_000));
    await sleep(wait, signal);
  }
}

/** The user agent the connector sends: who we are and how to reach us, never a browser's. */
export function defaultUserAgent(version: string, contact?: string): string {
  return `registrum/${version} (company-registry data service${contact ? `; ${contact}` : ''})`;
}
