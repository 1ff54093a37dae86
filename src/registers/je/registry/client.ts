import { RegisterError } from '../../errors.ts';
import { PATHS } from '../labels.ts';
import { parseCaptcha, parseEntityPage, parseOrderPage, parseSearchPage, solveCaptcha, type EntityPage, type SearchRow } from './pages.ts';

export type { EntityPage, SearchRow } from './pages.ts';

/** Where the registry is: a fixed URL (live) or one known once the in-process emulator listens (sandbox). */
export type RegistryLocation = () => Promise<string>;

const SOURCE = 'JE registry website';

interface Page {
  status: number;
  html: string;
}

/**
 * The connector's side of the registry website (registers/je.md): entity pages and the name search read as HTML, a
 * report ordered through the entity's order form, the report downloaded from the e-mailed link. The site puts a
 * captcha in front of visitors without a session; the client answers it once per session and keeps the cookie.
 * Transport failures, time-outs, 429 and 5xx are `service_unavailable` (retryable); pages it cannot read are
 * `processing_failed`.
 */
export class RegistryClient {
  private cookie: string | undefined;

  constructor(
    private readonly location: RegistryLocation,
    private readonly opts: { userAgent: string; timeoutMs: number },
  ) {}

  /** An entity's public page; undefined when the registry has no such number. */
  async entity(number: string, signal: AbortSignal): Promise<EntityPage | undefined> {
    const page = await this.page('GET', `${PATHS.entity}${encodeURIComponent(number)}`, signal);
    if (page.status === 404) return undefined;
    const parsed = parseEntityPage(page.html);
    if (parsed.number !== number)
      throw new RegisterError('processing_failed', `the registry answered for ${parsed.number} when asked for ${number}`, false, SOURCE);
    return parsed;
  }

  /** The first page of the name search (the registry shows up to 100 results per page). */
  async search(name: string, signal: AbortSignal): Promise<SearchRow[]> {
    const page = await this.page('GET', `${PATHS.search}?search=${encodeURIComponent(name)}`, signal);
    if (page.status === 404) return [];
    return parseSearchPage(page.html);
  }

  /** Orders an entity profile report to be e-mailed to `email`; returns the order reference. */
  async orderReport(number: string, email: string, signal: AbortSignal): Promise<string> {
    const page = await this.page('POST', `${PATHS.entity}${encodeURIComponent(number)}/report-orders`, signal, { email });
    if (page.status === 404) throw RegisterError.notFound(`the registry has no entity ${number}`, SOURCE);
    if (page.status === 409)
      throw RegisterError.notFound(`the registry issues no profile report for entity ${number}: it is not active`, SOURCE);
    return parseOrderPage(page.html);
  }

  /** Downloads a report from its e-mailed link. An expired or unknown link is retryable: a new order gets a new one. */
  async download(link: string, signal: AbortSignal): Promise<Uint8Array> {
    const res = await this.fetch(link, { method: 'GET', headers: { accept: 'application/pdf' } }, signal);
    if (res.status === 410 || res.status === 404) {
      await res.body?.cancel();
      throw RegisterError.unavailable(`the report link is no longer valid (${res.status}); the report must be ordered again`, SOURCE);
    }
    await this.failOnStatus(res);
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (!Buffer.from(bytes.subarray(0, 5)).toString('latin1').startsWith('%PDF')) {
      throw new RegisterError('processing_failed', 'the report link did not deliver a PDF', false, SOURCE);
    }
    return bytes;
  }

  /** A page, through the captcha when the site shows one (answered once; a second one in a row is an outage). */
  private async page(method: 'GET' | 'POST', path: string, signal: AbortSignal, form?: Record<string, string>): Promise<Page> {
    const base = await this.location();
    for (let attempt = 0; ; attempt++) {
      const res = await this.fetch(
        base + path,
        {
          method,
          headers: { accept: 'text/html', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          body: form ? new URLSearchParams(form).toString() : undefined,
        },
        signal,
      );
      if (res.status === 404 || res.status === 409) {
        await res.body?.cancel();
        return { status: res.status, html: '' };
      }
      const html = await res.text();
      const captcha = parseCaptcha(html);
      if (captcha) {
        if (attempt > 0) throw RegisterError.unavailable('the registry keeps asking for its captcha', SOURCE);
        await this.answer(base, captcha, signal);
        continue;
      }
      await this.failOnStatus(res, html);
      return { status: res.status, html };
    }
  }

  private async answer(base: string, captcha: NonNullable<ReturnType<typeof parseCaptcha>>, signal: AbortSignal): Promise<void> {
    const answer = solveCaptcha(captcha.question);
    if (answer === undefined)
      throw RegisterError.unavailable(`the registry shows a captcha the connector cannot answer ("${captcha.question}")`, SOURCE);
    this.cookie = undefined;
    const res = await this.fetch(
      base + PATHS.captcha,
      {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ challengeId: captcha.challengeId, answer: String(answer), returnTo: captcha.returnTo }).toString(),
      },
      signal,
    );
    await res.body?.cancel();
    const cookie = res.headers.getSetCookie?.()[0] ?? res.headers.get('set-cookie') ?? undefined;
    if (!cookie) throw RegisterError.unavailable(`the registry did not accept the captcha answer (${res.status})`, SOURCE);
    this.cookie = cookie.split(';')[0];
  }

  private async fetch(url: string, init: RequestInit, signal: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(this.opts.timeoutMs);
    try {
      return await fetch(url, {
        ...init,
        signal: AbortSignal.any([signal, timeout]),
        headers: {
          'user-agent': this.opts.userAgent,
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(init.headers as Record<string, string>),
        },
      });
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      const why = timeout.aborted ? `no answer within ${this.opts.timeoutMs} ms` : (err as Error).message;
      throw RegisterError.unavailable(`the registry cannot be reached: ${why}`, SOURCE);
    }
  }

  private async failOnStatus(res: Response, html?: string): Promise<void> {
    if (res.ok) return;
    const text = html ?? (await res.text().catch(() => ''));
    const detail = /<p class="message">([^<]*)</.exec(text)?.[1] ?? String(res.status);
    if (res.status >= 500 || res.status === 429) throw RegisterError.unavailable(`the registry answered ${res.status} (${detail})`, SOURCE);
    throw new RegisterError('processing_failed', `the registry answered ${res.status} (${detail})`, false, SOURCE);
  }
}
