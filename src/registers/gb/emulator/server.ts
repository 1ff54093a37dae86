import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxLatency, SandboxStore } from '../../../sandbox/store.ts';
import { behaviourLatency, scaleLatency } from '../../../sandbox/store.ts';
import { sendJson, serveOnLoopback } from '../../../sandbox/emulator-http.ts';
import { sleep } from '../../../shared/sleep.ts';
import { NUMBER_PATTERN } from '../ids.ts';
import { COUNTRY, CompanyDirectory, type RegisterCompany } from './directory.ts';
import { documentResponse, findDocument } from './documents.ts';
import { KeyRateLimiter, REGISTER_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
import { searchCompanies } from './search.ts';
import { download, DOWNLOADS_PATH } from './downloads.ts';

import { serveStream, STREAMS, StreamLog, type StreamName } from './stream.ts';

export interface GbEmulatorOptions {
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The API keys the emulated register accepts (HTTP Basic user name). */
  apiKeys: readonly string[];
  rateLimit?: RateLimitOptions;
  /** The service's clock (the sandbox can move it): the PSC snapshot's generation time. */
  now?: () => Date;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`GB emulator ${status}`);
  }
}
/** The register's error bodies: `{errors: [{error, type: 'ch:service'}]}`. */
const chError = (status: number, error: string) => new Refusal(status, { errors: [{ error, type: 'ch:service' }] });
const unavailable = () => chError(503, 'service-unavailable');

/** Realistic answer times of the Public Data API: 100 to 400 ms a call (scaled by SANDBOX_LATENCY). */
const REALISTIC_MS = 250;
const PAGE_DEFAULT = 35;
/** How often a connected stream looks for changes of the register's state. */
const STREAM_POLL_MS = 100;
const PAGE_MAX = 100;

/**
 * The Companies House Public Data REST API and Document API, emulated over HTTP on a loopback port (registers/gb.md),
 * reached by the connector exactly as the real ones:
 *
 * - `GET /search/companies?q&items_per_page&start_index`, `GET /company/{number}`, `/officers`,
 *   `/persons-with-significant-control`, `/persons-with-significant-control-statements`, `/filing-history`,
 *   `/insolvency`, `/charges`: the register's JSON; 404 `company-profile-not-found` for an unknown company.
 * - `GET /document/{id}` metadata, `GET /document/{id}/content` with `Accept`: the PDF, or the iXBRL of electronic accounts.
 * - HTTP Basic with an accepted API key as user name, else 401; 600 requests per 5 minutes per key, then 429 with
 *   the register's `X-Ratelimit-*` headers.
 * - `GET /bulk/<name>`: download.companieshouse.gov.uk (downloads.ts): the pages `en_output.html` and `en_pscdata.html`,
 *   the zips they list under the register's names (bulk.ts, psc-snapshot.ts), and the same products unzipped
 *   (`BasicCompanyData.csv`, `persons-with-significant-control-snapshot.txt`); without a key; the PSC snapshot is
 *   unavailable during an outage.
 * - `GET /stream/{companies|officers|persons-with-significant-control|filings|insolvency-cases|charges}?timepoint=N`:
 *   the Streaming API (stream.ts); its requests are not counted against the REST limit in the register either.
 * - 503 during an outage and per the operator's behaviours; `notFound` answers 404; `latencyMs` applies.
 */
export class GbRegisterEmulator {
  private server: { url: string; close(): Promise<void> } | undefined;
  private lifetime = new AbortController();
  private readonly directory: CompanyDirectory;
  private readonly limiter: KeyRateLimiter;
  private readonly streamLog: StreamLog;

  constructor(private readonly opts: GbEmulatorOptions) {
    this.directory = new CompanyDirectory(opts.sandbox);
    this.limiter = new KeyRateLimiter(opts.rateLimit ?? REGISTER_RATE_LIMIT);
    this.streamLog = new StreamLog(this.directory, STREAM_POLL_MS);
  }

  /** Listens on a free loopback port; returns the base URL. */
  async start(): Promise<string> {
    this.lifetime = new AbortController();
    this.server = await serveOnLoopback(
      (req, res) => this.handle(req, res),
      (err) =>
        err instanceof Refusal ? { status: err.status, body: err.body } : { status: 500, body: { errors: [{ error: err.message }] } },
    );
    return this.server.url;
  }

  async stop(): Promise<void> {
    this.lifetime.abort(new Error('the emulator stopped'));
    const s = this.server;
    this.server = undefined;
    await s?.close();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await this.route(req, res);
    } catch (err) {
      // A stream already under way (its store closed at stop) can only be cut.
      if (res.headersSent) return void res.destroy();
      if (!(err instanceof Refusal)) throw err;
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      sendJson(res, err.status, err.body);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const file = req.method === 'GET' && req.url?.startsWith(`${DOWNLOADS_PATH}/`) ? req.url.slice(DOWNLOADS_PATH.length + 1) : undefined;
    if (file !== undefined) {
      // The bulk products are a public download: no key, no rate limit.
      const now = this.opts.now?.() ?? new Date();
      const d = await download(file, () => this.directory.all(), now);
      if (!d) throw new Refusal(404, { error: 'Not Found' });
      if (d.product === 'pscSnapshot' && (await this.opts.sandbox.isInOutage(COUNTRY))) throw unavailable();
      res.writeHead(200, { 'content-type': d.contentType, 'content-length': d.body.length });
      return void res.end(d.body);
    }
    const key = basicUser(req.headers.authorization);
    if (!key || !this.opts.apiKeys.includes(key)) throw new Refusal(401, { error: 'Invalid Authorization', type: 'ch:service' });
    const url = new URL(req.url ?? '/', 'http://register');
    const path = url.pathname.replace(/\/+$/, '');
    const stream = /^\/stream\/([a-z-]+)$/.exec(path)?.[1];
    if (stream !== undefined) {
      if (!(stream in STREAMS)) throw chError(404, 'not-found');
      return serveStream(this.streamLog, stream as StreamName, url, req, res, this.lifetime.signal);
    }
    const rate = this.limiter.take(key);
    const rateHeaders = {
      'X-Ratelimit-Limit': String(rate.limit),
      'X-Ratelimit-Remain': String(rate.remaining),
      'X-Ratelimit-Reset': String(rate.resetAt),
      'X-Ratelimit-Window': '5m',
    };
    for (const [k, v] of Object.entries(rateHeaders)) res.setHeader(k, v);
    if (!rate.allowed) throw new Refusal(429, { errors: [{ error: 'rate-limit-exceeded', type: 'ch:service' }] }, rateHeaders);
    if (req.method !== 'GET') throw chError(405, 'method-not-allowed');
    if (await this.opts.sandbox.isInOutage(COUNTRY)) throw unavailable();

    if (path === '/search/companies') {
      const q = (url.searchParams.get('q') ?? '').trim();
      if (!q) throw chError(400, 'q-parameter-required');
      await this.wait('search', undefined);
      const { start, size } = paging(url);
      return sendJson(res, 200, searchCompanies(q, await this.directory.all(), start, size));
    }
    const doc = /^\/document\/([A-Za-z0-9_-]+)(\/content)?$/.exec(path);
    if (doc) {
      const found = await findDocument(this.directory, doc[1]!);
      if (!found) throw chError(404, 'document-not-found');
      await this.wait('documents', found.company);
      return documentResponse(found, doc[2] !== undefined, req.headers.accept, res);
    }
    const m = /^\/company\/([A-Z0-9]{8})(?:\/([a-z-]+))?$/.exec(path);
    if (!m || !NUMBER_PATTERN.test(m[1]!)) throw chError(404, 'not-found');
    const company = await this.company(m[1]!);
    const r = company.record;
    const { start, size } = paging(url);
    const list = <T>(items: T[], kind: string, extra: Record<string, unknown> = {}) => ({
      kind,
      items: items.slice(start, start + size),
      items_per_page: size,
      start_index: start,
      total_results: items.length,
      ...extra,
    });
    switch (m[2]) {
      case undefined:
        return sendJson(res, 200, { ...r.profile, company_number: company.number, links: { self: `/company/${company.number}` } });
      case 'officers':
        return sendJson(
          res,
          200,
          list(r.officers, 'officer-list', {
            active_count: r.officers.filter((o) => !o.resigned_on).length,
            resigned_count: r.officers.filter((o) => o.resigned_on).length,
          }),
        );
      case 'persons-with-significant-control': {
        const pscs = r.psc.filter((p) => p.kind !== 'persons-with-significant-control-statement');
        return sendJson(
          res,
          200,
          list(pscs, 'persons-with-significant-control#list', { ceased_count: pscs.filter((p) => p.ceased_on).length }),
        );
      }
      case 'persons-with-significant-control-statements':
        return sendJson(
          res,
          200,
          list(
            r.psc.filter((p) => p.kind === 'persons-with-significant-control-statement'),
            'statement#list',
          ),
        );
      case 'filing-history':
        return sendJson(res, 200, list(r.filingHistory, 'filing-history', { filing_history_status: 'filing-history-available' }));
      case 'insolvency':
        if (!r.insolvency) throw chError(404, 'company-insolvencies-not-found');
        return sendJson(res, 200, { etag: company.number, ...r.insolvency });
      case 'charges':
        return sendJson(res, 200, list(r.charges, 'charges#list'));
      default:
        throw chError(404, 'not-found');
    }
  }

  /** A company for a call about it: unknown or `notFound` is 404; an outage behaviour or a failure left is 503. */
  private async company(number: string): Promise<RegisterCompany> {
    const c = await this.directory.get(number);
    if (!c || c.stored?.behaviour.notFound) throw chError(404, 'company-profile-not-found');
    const b = c.stored?.behaviour;
    if (b?.unavailable) throw unavailable();
    if (b?.failTimes && (await this.opts.sandbox.consumeFailure(COUNTRY, number))) throw unavailable();
    await this.wait('profile', c);
    return c;
  }

  private async wait(kind: 'search' | 'profile' | 'documents', c: RegisterCompany | undefined): Promise<void> {
    const set = c?.stored && behaviourLatency(c.stored.behaviour, kind);
    await sleep(set ?? scaleLatency(REALISTIC_MS, this.opts.latency), this.lifetime.signal);
  }
}

function paging(url: URL): { start: number; size: number } {
  const size = Math.min(PAGE_MAX, Math.max(1, Number(url.searchParams.get('items_per_page')) || PAGE_DEFAULT));
  const start = Math.max(0, Number(url.searchParams.get('start_index')) || 0);
  return { start, size };
}

/** The user name of an HTTP Basic `Authorization` header (the register's API key; the password is empty). */
function basicUser(header: string | undefined): string | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const user = decoded.split(':')[0];
  return user || undefined;
}
