import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxLatency, SandboxStore } from '../../../sandbox/store.ts';
import { sleep } from '../../../shared/sleep.ts';
import { COUNTRY, PortalDirectory, type PortalCompany } from './directory.ts';
import { latencyFor, pollHintMs } from './latency.ts';
import { renderReportPdf } from './report-pdf.ts';
import { searchPortal } from './search.ts';
import { LoopbackEmulator, readJsonObject, sendJson } from '../../../sandbox/emulator-http.ts';
import { failsByBehaviour } from '../../../sandbox/behaviour.ts';

export interface EmulatorOptions {
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock: report dates. */
  now: () => Date;
}

interface ReportJob {
  uscc: string;
  readyAt: number;
  pdf?: Promise<Buffer>;
}

const TOKEN_TTL_MS = 10 * 60_000;
const MAX_JOBS = 1000;

class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const busy = () => new PortalError(503, 'SYSTEM_BUSY', '系统繁忙，请稍后再试');

/** The portal's result pages: 10 hits unless the client asks for another size, at most 50. */
const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

/** The page a search asks for; a missing or unreadable number is the default, as the portal's own pager does. */
function pageOf(params: URLSearchParams): { page: number; pageSize: number } {
  const int = (name: string) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 1 ? n : undefined;
  };
  return { page: int('page') ?? 1, pageSize: Math.min(int('pageSize') ?? PAGE_SIZE, MAX_PAGE_SIZE) };
}

/**
 * The national enterprise credit information portal, emulated over HTTP on a loopback port (registers/cn.md), so
 * that the connector speaks to it exactly as to the real one:
 *
 * - `GET /captcha` → `{captchaId, challenge}`; `POST /token` `{captchaId, answer}` → `{token, expiresInSeconds}`.
 *   The real portal's captcha is a picture; the emulator's is a sum the client can work out.
 * - `GET /search?keyword=&page=&pageSize=` with header `x-portal-token` → `{total, page, pageSize, list: PortalHit[]}`:
 *   one page of the hits (page 1 and 10 a page unless asked), `total` counting them all. The whole list takes 1 to 3
 *   minutes, each page its share of that, so a client reading page by page has the first results early.
 * - `POST /report` `{uniscId}` → 202 `{reportId, retryAfterMs}`; `GET /report/{id}` → `{status: generating|ready}`;
 *   `GET /report/{id}/pdf` → the credit report, ready up to 7 minutes after the request.
 * - 401 `TOKEN_INVALID`, 404 `NOT_FOUND`, 503 `SYSTEM_BUSY` (outage, the operator's behaviours).
 */
export class PortalEmulator extends LoopbackEmulator {
  private readonly captchas = new Map<string, number>();
  private readonly tokens = new Map<string, number>();
  private readonly jobs = new Map<string, ReportJob>();
  private readonly directory: PortalDirectory;
  /** Report PDFs served per code, as a real portal's access log would show (tests count downloads). */
  readonly downloads = new Map<string, number>();

  constructor(private readonly opts: EmulatorOptions) {
    super();
    this.directory = new PortalDirectory(opts.sandbox);
  }

  /** Starts listening on a free loopback port; returns the base URL. The server never keeps the process alive. */
  start(): Promise<string> {
    return this.listen();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://portal');
      if (await this.opts.sandbox.isInOutage(COUNTRY)) throw busy();
      const path = url.pathname;
      if (req.method === 'GET' && path === '/captcha') return sendJson(res, 200, this.captcha());
      if (req.method === 'POST' && path === '/token')
        return sendJson(res, 200, this.token(await readJsonObject(req, () => new PortalError(400, 'BAD_REQUEST', '请求格式错误'))));
      this.checkToken(req);
      if (req.method === 'GET' && path === '/search') return sendJson(res, 200, await this.search(url.searchParams));
      if (req.method === 'POST' && path === '/report')
        return sendJson(
          res,
          202,
          await this.requestReport(await readJsonObject(req, () => new PortalError(400, 'BAD_REQUEST', '请求格式错误'))),
        );
      const m = /^\/report\/([A-Za-z0-9_-]+)(\/pdf)?$/.exec(path);
      if (req.method === 'GET' && m) return m[2] ? await this.pdf(m[1]!, res) : sendJson(res, 200, this.reportStatus(m[1]!));
      throw new PortalError(404, 'NOT_FOUND', '页面不存在');
    } catch (err) {
      const e = err instanceof PortalError ? err : new PortalError(500, 'INTERNAL', (err as Error).message);
      if (!res.headersSent) sendJson(res, e.status, { code: e.code, message: e.message });
      else res.destroy();
    }
  }

  private captcha() {
    const a = randomInt(10, 90);
    const b = randomInt(1, 10);
    const captchaId = randomBytes(8).toString('hex');
    this.captchas.set(captchaId, a + b);
    return { captchaId, challenge: `${a} + ${b}` };
  }

  private token(input: Record<string, unknown>) {
    const expected = this.captchas.get(String(input.captchaId));
    this.captchas.delete(String(input.captchaId));
    if (expected === undefined || Number(input.answer) !== expected) throw new PortalError(403, 'CAPTCHA_FAILED', '验证码错误');
    const token = randomBytes(16).toString('hex');
    this.tokens.set(token, Date.now() + TOKEN_TTL_MS);
    return { token, expiresInSeconds: TOKEN_TTL_MS / 1000 };
  }

  private checkToken(req: IncomingMessage) {
    const token = String(req.headers['x-portal-token'] ?? '');
    const expires = this.tokens.get(token);
    if (!expires || expires < Date.now()) throw new PortalError(401, 'TOKEN_INVALID', '请重新验证');
  }

  private async search(params: URLSearchParams) {
    const keyword = params.get('keyword') ?? '';
    const { page, pageSize } = pageOf(params);
    const code = keyword.replace(/\s+/g, '').toUpperCase();
    // A search for a stored code is a call about that company: its behaviours apply.
    const target = /^[0-9A-Z]{18}$/.test(code) ? await this.directory.get(code) : undefined;
    await this.failIfBehaviourSays(target);
    const companies = (await this.directory.all()).filter((c) => !c.stored?.behaviour.notFound);
    const hits = [];
    for (const hit of searchPortal(keyword, companies)) if (await this.directory.get(hit.uniscId)) hits.push(hit);
    // The search's time is the whole list's; each page takes its share, so the pages together take as long as one
    // answer with everything would.
    const pages = Math.max(1, Math.ceil(hits.length / pageSize));
    await sleep(Math.round(latencyFor('search', keyword, this.opts.latency, target?.stored) / pages), this.lifetime.signal);
    return { total: hits.length, page, pageSize, list: hits.slice((page - 1) * pageSize, page * pageSize) };
  }

  private async requestReport(input: Record<string, unknown>) {
    const uscc = String(input.uniscId ?? '').toUpperCase();
    const company = await this.directory.get(uscc);
    if (!company || company.stored?.behaviour.notFound) throw new PortalError(404, 'NOT_FOUND', '未查询到该企业');
    await this.failIfBehaviourSays(company);
    if (this.jobs.size >= MAX_JOBS) this.jobs.delete(this.jobs.keys().next().value!);
    const reportId = randomBytes(12).toString('hex');
    const delay = latencyFor('profile', uscc, this.opts.latency, company.stored);
    this.jobs.set(reportId, { uscc, readyAt: Date.now() + delay });
    return { reportId, status: 'generating', retryAfterMs: Math.min(delay, pollHintMs(this.opts.latency)) };
  }

  private reportStatus(reportId: string) {
    const job = this.jobs.get(reportId);
    if (!job) throw new PortalError(404, 'NOT_FOUND', '报告不存在');
    const left = job.readyAt - Date.now();
    return left > 0 ? { status: 'generating', retryAfterMs: Math.min(left, pollHintMs(this.opts.latency)) } : { status: 'ready' };
  }

  private async pdf(reportId: string, res: ServerResponse) {
    const job = this.jobs.get(reportId);
    if (!job) throw new PortalError(404, 'NOT_FOUND', '报告不存在');
    if (job.readyAt > Date.now()) throw new PortalError(409, 'NOT_READY', '报告生成中');
    // The report shows the register as it is when it is produced.
    const company = await this.directory.get(job.uscc);
    if (!company) throw new PortalError(404, 'NOT_FOUND', '未查询到该企业');
    job.pdf ??= renderReportPdf(company.record, this.opts.now());
    const bytes = await job.pdf;
    this.downloads.set(job.uscc, (this.downloads.get(job.uscc) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
    res.end(bytes);
  }

  private async failIfBehaviourSays(company: PortalCompany | undefined): Promise<void> {
    const stored = company?.stored;
    if (stored && (await failsByBehaviour(stored.behaviour, () => this.opts.sandbox.consumeFailure(COUNTRY, stored.companyId))))
      throw busy();
  }
}
