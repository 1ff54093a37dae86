import { RegisterError } from '../../errors.ts';
import { sleep } from '../../../shared/sleep.ts';
import type { PortalHit } from '../emulator/search.ts';

export type { PortalHit } from '../emulator/search.ts';

/** Where the portal is: a fixed URL (live) or one known once the in-process emulator listens (sandbox). */
export type PortalLocation = () => Promise<string>;

const SOURCE = 'CN national enterprise credit information portal';
/** Longest a report may take to produce before the attempt counts as a failure (spec §8: up to 7 minutes). */
const REPORT_DEADLINE_MS = 8 * 60_000;
/** Hits asked for a page of a search: the portal's own page size. */
const SEARCH_PAGE_SIZE = 10;
/** A guard against a portal whose pages never end: the portal lists 50 hits at most, 5 pages. */
const MAX_SEARCH_PAGES = 20;

/**
 * The connector's side of the portal protocol (see emulator/server.ts for the wire format): captcha and token
 * first, then searches and report requests with the token, polling a report until it is ready. Transport
 * failures and 5xx are `service_unavailable` (retryable); 404 is `resource_not_found`; anything the connector
 * cannot read is `processing_failed`. A token is reused until the portal refuses it, then renewed once.
 */
export class PortalClient {
  private token: Promise<string> | undefined;

  constructor(private readonly location: PortalLocation) {}

  /** Every hit of a search, all pages read. */
  async search(keyword: string, signal: AbortSignal): Promise<PortalHit[]> {
    const hits: PortalHit[] = [];
    for await (const page of this.searchPages(keyword, signal)) hits.push(...page);
    return hits;
  }

  /**
   * A search's hits a page at a time, each as the portal answers it (a search takes minutes, so a caller can show
   * the first page long before the last). Stops at the last page by `total`, at an empty page, or after one page
   * when the portal does not say which page it answered (an answer with the whole list).
   */
  async *searchPages(keyword: string, signal: AbortSignal): AsyncGenerator<PortalHit[]> {
    for (let page = 1, read = 0; page <= MAX_SEARCH_PAGES; page++) {
      const path = `/search?keyword=${encodeURIComponent(keyword)}&page=${page}&pageSize=${SEARCH_PAGE_SIZE}`;
      const res = (await this.withToken((token) => this.call('GET', path, { token, signal }))) as {
        total?: number;
        page?: number;
        list?: PortalHit[];
      };
      if (!Array.isArray(res.list))
        throw new RegisterError('processing_failed', 'the portal answered the search with no result list', false, SOURCE);
      // An empty first page too: the source answered, with nothing.
      if (res.list.length || page === 1) yield res.list;
      read += res.list.length;
      if (res.page !== page || !res.list.length || typeof res.total !== 'number' || read >= res.total) return;
    }
  }

  /** Requests a company's credit report, waits until the portal has produced it, and downloads the PDF. */
  async report(uscc: string, signal: AbortSignal): Promise<Uint8Array> {
    const started = Date.now();
    const job = (await this.withToken((token) => this.call('POST', '/report', { token, signal, body: { uniscId: uscc } }))) as {
      reportId?: string;
      retryAfterMs?: number;
    };
    if (!job.reportId) throw new RegisterError('processing_failed', 'the portal did not accept the report request', false, SOURCE);
    let wait = job.retryAfterMs ?? 1000;
    for (;;) {
      await sleep(wait, signal);
      const status = (await this.withToken((token) => this.call('GET', `/report/${job.reportId}`, { token, signal }))) as {
        status?: string;
        retryAfterMs?: number;
      };
      if (status.status === 'ready') break;
      if (status.status !== 'generating')
        throw RegisterError.unavailable(`the portal could not produce the report (${status.status})`, SOURCE);
      if (Date.now() - started > REPORT_DEADLINE_MS)
        throw RegisterError.unavailable('the portal did not produce the report in time', SOURCE);
      wait = status.retryAfterMs ?? 1000;
    }
    const pdf = await this.withToken((token) => this.call('GET', `/report/${job.reportId}/pdf`, { token, signal, binary: true }));
    return pdf as Uint8Array;
  }

  /** Runs a call with the current token; on 401 gets a new token and tries once more. */
  private async withToken<T>(fn: (token: string) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await (this.token ??= this.newToken().catch((err) => {
        this.token = undefined;
        throw err;
      }));
      try {
        return await fn(token);
      } catch (err) {
        if (!(err instanceof TokenRefused) || attempt > 0)
          throw err instanceof TokenRefused ? RegisterError.unavailable('the portal keeps refusing its token', SOURCE) : err;
        this.token = undefined;
      }
    }
  }

  /** The captcha step: fetch a challenge, answer it, exchange the answer for a token. */
  private async newToken(): Promise<string> {
    const signal = AbortSignal.timeout(60_000);
    const captcha = (await this.call('GET', '/captcha', { signal })) as { captchaId?: string; challenge?: string };
    const answer = solveChallenge(captcha.challenge ?? '');
    if (!captcha.captchaId || answer === undefined)
      throw new RegisterError('processing_failed', 'the portal sent a captcha the connector cannot answer', false, SOURCE);
    const res = (await this.call('POST', '/token', { signal, body: { captchaId: captcha.captchaId, answer } })) as { token?: string };
    if (!res.token) throw RegisterError.unavailable('the portal gave no token', SOURCE);
    return res.token;
  }

  private async call(
    method: string,
    path: string,
    opts: { token?: string; signal: AbortSignal; body?: unknown; binary?: boolean },
  ): Promise<unknown> {
    const base = await this.location();
    let res: Response;
    try {
      res = await fetch(base + path, {
        method,
        signal: opts.signal,
        headers: {
          accept: opts.binary ? 'application/pdf' : 'application/json',
          ...(opts.token ? { 'x-portal-token': opts.token } : {}),
          ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
    } catch (err) {
      if (opts.signal.aborted) throw opts.signal.reason ?? err;
      throw RegisterError.unavailable(`the portal cannot be reached: ${(err as Error).message}`, SOURCE);
    }
    if (res.status === 401) {
      await res.body?.cancel();
      throw new TokenRefused();
    }
    if (res.status === 404) throw RegisterError.notFound(`the portal has no such company (${await errorText(res)})`, SOURCE);
    if (res.status >= 500 || res.status === 429 || res.status === 409) {
      throw RegisterError.unavailable(`the portal answered ${res.status} (${await errorText(res)})`, SOURCE);
    }
    if (!res.ok) throw new RegisterError('processing_failed', `the portal answered ${res.status} (${await errorText(res)})`, false, SOURCE);
    if (opts.binary) return new Uint8Array(await res.arrayBuffer());
    try {
      return await res.json();
    } catch {
      throw new RegisterError('processing_failed', 'the portal answered with something that is not JSON', false, SOURCE);
    }
  }
}

class TokenRefused extends Error {}

async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const e = JSON.parse(text) as { code?: string; message?: string };
    return [e.code, e.message].filter(Boolean).join(': ') || String(res.status);
  } catch {
    return text.slice(0, 200) || String(res.status);
  }
}

/** Answers the emulator's challenge ("37 + 5"). The real portal's picture captcha needs a solving service instead. */
export function solveChallenge(challenge: string): number | undefined {
  const m = /^\s*(\d+)\s*\+\s*(\d+)\s*$/.exec(challenge);
  return m ? Number(m[1]) + Number(m[2]) : undefined;
}
