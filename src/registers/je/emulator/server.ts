import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxLatency, SandboxStore } from '../../../sandbox/store.ts';
import { sleep } from '../../../shared/sleep.ts';
import { PATHS } from '../labels.ts';
import type { MailboxConfig } from '../mail/pop3-client.ts';
import { isActiveStatus } from '../mapping/status.ts';
import { COUNTRY, RegistryDirectory, type RegistryEntity } from './directory.ts';
import { latencyFor } from './latency.ts';
import { LoopbackEmulator } from '../../../sandbox/emulator-http.ts';
import { failsByBehaviour } from '../../../sandbox/behaviour.ts';
import { Pop3Mailbox } from './mailbox.ts';
import { ReportDesk } from './orders.ts';
import { captchaPage, entityPage, messagePage, orderPage, searchPage } from './pages.ts';
import { PAGE_SIZE, searchNames } from './search.ts';

export interface EmulatorOptions {
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock: report dates and link validity. */
  now: () => Date;
}

/** Where the connector finds the emulated registry and the mailbox its reports are e-mailed to. */
export interface EmulatorEndpoints {
  registryUrl: string;
  mailbox: MailboxConfig;
  reportEmail: string;
}

const SESSION_COOKIE = 'jfsc_session';
const SESSION_TTL_MS = 30 * 60_000;
const MAX_ENTRIES = 5000;
const SANDBOX_ADDRESS = 'je-reports@registrum.sandbox';

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}
const unavailable = () => new Refusal(503, 'Service unavailable', 'The registry is temporarily unavailable. Please try again later.');

/**
 * The Jersey registry website, emulated over HTTP on a loopback port (registers/je.md), with the POP3 mailbox its
 * reports are e-mailed to on another: the connector reaches both exactly as the real ones.
 *
 * - `GET /registry/registry-entities/?search=<name>[&page=n]`: results table, 100 per page, former names included.
 * - `GET /registry/registry-entities/entity/{number}`: the entity page (404 when unknown).
 * - `POST …/entity/{number}/report-orders` (form `email`): order confirmation with its reference; 409 for an inactive
 *   entity. The report is e-mailed after about a minute (scaled by SANDBOX_LATENCY) with a link valid 14 days.
 * - `GET /registry/reports/{token}`: the PDF; 410 once the link expired.
 * - Without a session cookie, pages answer 403 with an arithmetic captcha form posting to `/registry/verify`.
 * - 503 during an outage and when a company's behaviour says so; behaviours `notFound` and `latencyMs` apply.
 */
export class RegistryEmulator extends LoopbackEmulator {
  private baseUrl = '';
  private readonly sessions = new Map<string, number>();
  private readonly challenges = new Map<string, number>();
  private readonly directory: RegistryDirectory;
  private readonly mailbox = new Pop3Mailbox(SANDBOX_ADDRESS);
  private readonly desk: ReportDesk;

  constructor(private readonly opts: EmulatorOptions) {
    super();
    this.directory = new RegistryDirectory(opts.sandbox);
    this.desk = new ReportDesk({ latency: opts.latency, now: opts.now, mailbox: this.mailbox, baseUrl: () => this.baseUrl });
  }

  /** Starts the website and the mailbox on free loopback ports. Neither keeps the process alive. */
  async start(): Promise<EmulatorEndpoints> {
    this.baseUrl = await this.listen();
    const pop3 = await this.mailbox.start();
    return {
      registryUrl: this.baseUrl,
      reportEmail: SANDBOX_ADDRESS,
      mailbox: { ...pop3, tls: false, user: this.mailbox.user, password: this.mailbox.password },
    };
  }

  override async stop(): Promise<void> {
    this.desk.stop();
    await this.mailbox.stop();
    await super.stop();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://registry');
      const path = url.pathname;
      if (await this.opts.sandbox.isInOutage(COUNTRY)) throw unavailable();
      if (req.method === 'GET' && path.startsWith(PATHS.reports)) return await this.download(path.slice(PATHS.reports.length), res);
      if (req.method === 'POST' && path === PATHS.captcha) return this.verify(await form(req), res);
      if (!this.hasSession(req)) return this.challenge(req.method === 'GET' ? (req.url ?? '/') : PATHS.search, res);
      if (req.method === 'GET' && path === PATHS.search) return html(res, 200, await this.search(url));
      const m = /^\/registry\/registry-entities\/entity\/(\d+)(\/report-orders)?\/?$/.exec(path);
      if (m && req.method === 'GET' && !m[2]) return html(res, 200, entityPage(await this.entity(m[1]!)));
      if (m && req.method === 'POST' && m[2]) return html(res, 200, await this.order(m[1]!, (await form(req)).get('email') ?? ''));
      throw new Refusal(404, 'Page not found', 'The page you requested could not be found.');
    } catch (err) {
      const e = err instanceof Refusal ? err : new Refusal(500, 'Error', (err as Error).message);
      if (!res.headersSent) html(res, e.status, messagePage(e.title, e.message));
      else res.destroy();
    }
  }

  private async search(url: URL): Promise<string> {
    const query = (url.searchParams.get('search') ?? '').trim();
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    await sleep(latencyFor('page', `search:${query}`, this.opts.latency), this.lifetime.signal);
    const entities = (await this.directory.all()).filter((e) => !e.stored?.behaviour.notFound);
    const { total, hits } = query.length >= 2 ? searchNames(query, entities, page) : { total: 0, hits: [] };
    return searchPage(query, page, total, hits, PAGE_SIZE);
  }

  /** An entity for a call about it: unknown or `notFound` is 404; an outage behaviour or a failure left is 503. */
  private async entity(number: string): Promise<RegistryEntity> {
    const entity = await this.directory.get(number);
    if (!entity || entity.stored?.behaviour.notFound)
      throw new Refusal(404, 'Entity not found', `No entity is registered under number ${number}.`);
    if (await failsByBehaviour(entity.stored?.behaviour, () => this.opts.sandbox.consumeFailure(COUNTRY, number))) throw unavailable();
    await sleep(latencyFor('page', number, this.opts.latency, entity.stored), this.lifetime.signal);
    return entity;
  }

  private async order(number: string, email: string): Promise<string> {
    const entity = await this.entity(number);
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim()))
      throw new Refusal(400, 'Invalid order', 'Please give the e-mail address the report is to be sent to.');
    if (!isActiveStatus(entity.record.entity.status)) {
      throw new Refusal(
        409,
        'Report not available',
        `An entity profile report is only available for active entities; this entity is ${entity.record.entity.status}.`,
      );
    }
    return orderPage(this.desk.order(entity, email), email.trim(), entity.record.entity.name);
  }

  private async download(token: string, res: ServerResponse): Promise<void> {
    const d = await this.desk.download(token);
    if (d.status === 'unknown') throw new Refusal(404, 'Report not found', 'This download link is not valid.');
    if (d.status === 'expired') throw new Refusal(410, 'Link expired', 'This download link has expired. Please order the report again.');
    res.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': d.pdf.length,
      'content-disposition': 'attachment; filename="entity-profile-report.pdf"',
    });
    res.end(d.pdf);
  }

  private hasSession(req: IncomingMessage): boolean {
    const sid = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]+)`).exec(req.headers.cookie ?? '')?.[1];
    const expires = sid ? this.sessions.get(sid) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  private challenge(returnTo: string, res: ServerResponse): void {
    const a = randomInt(2, 20);
    const b = randomInt(1, 10);
    const id = randomBytes(8).toString('hex');
    if (this.challenges.size >= MAX_ENTRIES) this.challenges.delete(this.challenges.keys().next().value!);
    this.challenges.set(id, a + b);
    html(res, 403, captchaPage(id, `What is ${a} plus ${b}?`, returnTo));
  }

  private verify(input: URLSearchParams, res: ServerResponse): void {
    const id = input.get('challengeId') ?? '';
    const expected = this.challenges.get(id);
    this.challenges.delete(id);
    if (expected === undefined || Number(input.get('answer')) !== expected)
      throw new Refusal(403, 'Verification failed', 'The answer was not correct.');
    const sid = randomBytes(16).toString('base64url');
    if (this.sessions.size >= MAX_ENTRIES) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(sid, Date.now() + SESSION_TTL_MS);
    const returnTo = input.get('returnTo') ?? '/';
    res.writeHead(303, {
      location: returnTo.startsWith('/') ? returnTo : '/',
      'set-cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_MS / 1000}`,
    });
    res.end();
  }
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 16_384) throw new Refusal(413, 'Request too large', 'The form is too large.');
    chunks.push(c as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
