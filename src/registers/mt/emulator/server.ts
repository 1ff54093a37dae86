import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxLatency, SandboxStore } from '../../../sandbox/store.ts';
import { sleep } from '../../../shared/sleep.ts';
import { isCompanyNumber, normaliseCompanyNumber } from '../ids.ts';
import { MAX_PAGE_SIZE } from '../portal/protocol.ts';
import { EmulatorAuth } from './auth.ts';
import { COUNTRY, RegistryDirectory, type RegistryCompany } from './directory.ts';
import { renderFilingPdf } from './filing-pdf.ts';
import { Fault } from './fault.ts';
import { latencyFor } from './latency.ts';
import { Retrievals } from './retrievals.ts';
import { matchName, summaryOf } from './search.ts';
import { LoopbackEmulator, readJsonObject, sendJson } from '../../../sandbox/emulator-http.ts';
import { failsByBehaviour } from '../../../sandbox/behaviour.ts';

export interface MtEmulatorOptions {
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** Session lifetime; the real system's quarter of an hour unless a test wants it shorter. */
  sessionTtlMs?: number;
}

const notFound = (what: string) => new Fault(404, 'NOT_FOUND', `${what} not found`);
const maintenance = () => new Fault(503, 'MAINTENANCE', 'The system is undergoing maintenance; please try again later');

/**
 * The Malta Business Registry's online system, emulated over HTTP on a loopback port (registers/mt.md; wire
 * format in portal/protocol.ts), so that the connector reaches it exactly as the real one: login, TOTP step,
 * session, searches, company pages, and the three-step document retrieval. Outages and the operator's
 * per-company behaviours (CONTRACT §5) apply to every call, login included for outages.
 */
export class MtRegistryEmulator extends LoopbackEmulator {
  readonly auth: EmulatorAuth;
  readonly retrievals = new Retrievals();
  private readonly directory: RegistryDirectory;
  constructor(private readonly opts: MtEmulatorOptions) {
    super();
    this.auth = new EmulatorAuth(opts.sessionTtlMs);
    this.directory = new RegistryDirectory(opts.sandbox);
  }

  /** Starts listening on a free loopback port; returns the base URL. The server never keeps the process alive. */
  start(): Promise<string> {
    return this.listen();
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://registry');
      const path = url.pathname;
      const route = `${req.method} ${path}`;
      if (await this.opts.sandbox.isInOutage(COUNTRY)) throw maintenance();
      if (route === 'POST /api/auth/login')
        return sendJson(
          res,
          200,
          this.auth.login(await readJsonObject(req, () => new Fault(400, 'BAD_REQUEST', 'The request body is not JSON'))),
        );
      if (route === 'POST /api/auth/mfa')
        return sendJson(
          res,
          200,
          this.auth.verify(await readJsonObject(req, () => new Fault(400, 'BAD_REQUEST', 'The request body is not JSON'))),
        );
      this.auth.check(req.headers.authorization);
      if (route === 'GET /api/companies') return sendJson(res, 200, await this.search(url.searchParams));
      if (route === 'POST /api/document-retrievals')
        return sendJson(
          res,
          201,
          await this.createRetrieval(await readJsonObject(req, () => new Fault(400, 'BAD_REQUEST', 'The request body is not JSON'))),
        );
      const company = /^\/api\/companies\/([0-9a-fA-F-]{36})(\/involvements|\/documents)?$/.exec(path);
      if (req.method === 'GET' && company) return sendJson(res, 200, await this.companyPage(company[1]!, company[2]));
      const retrieval = /^\/api\/document-retrievals\/([0-9a-f]+)\/(process|download)$/.exec(path);
      if (retrieval && req.method === 'POST' && retrieval[2] === 'process') return sendJson(res, 200, await this.process(retrieval[1]!));
      if (retrieval && req.method === 'GET' && retrieval[2] === 'download') return await this.download(retrieval[1]!, res);
      throw notFound('page');
    } catch (err) {
      const e = err instanceof Fault ? err : new Fault(500, 'INTERNAL', (err as Error).message);
      if (!res.headersSent) sendJson(res, e.status, { code: e.code, message: e.message });
      else res.destroy();
    }
  }

  private async search(params: URLSearchParams) {
    const number = params.get('registrationNumber');
    if (number !== null) {
      const company = isCompanyNumber(number) ? await this.directory.get(normaliseCompanyNumber(number)) : undefined;
      await this.failIfBehaviourSays(company);
      await sleep(latencyFor('search', number, this.opts.latency, company?.stored), this.lifetime.signal);
      const items = company && !company.stored?.behaviour.notFound ? [summaryOf(company)] : [];
      return { total: items.length, page: 1, pageSize: 1, items };
    }
    const name = (params.get('name') ?? '').trim();
    if (name.replace(/\s/g, '').length < 3) throw new Fault(400, 'BAD_REQUEST', 'Enter at least 3 characters of the company name');
    const page = Math.max(1, Number(params.get('page')) || 1);
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, Number(params.get('pageSize')) || 20));
    await sleep(latencyFor('search', name, this.opts.latency), this.lifetime.signal);
    const hits: RegistryCompany[] = [];
    // A built-in company the operator removed is still in `all()`: confirm each hit.
    for (const c of matchName(name, await this.directory.all())) {
      if (!c.stored?.behaviour.notFound && (c.stored || (await this.directory.get(c.id)))) hits.push(c);
    }
    return { total: hits.length, page, pageSize, items: hits.slice((page - 1) * pageSize, page * pageSize).map(summaryOf) };
  }

  /** A company by its internal id, after the operator's behaviours and the page's latency. */
  private async companyByUuid(uuid: string, kind: 'profile' | 'documents' = 'profile'): Promise<RegistryCompany> {
    const company = await this.directory.byUuid(uuid.toLowerCase());
    await this.failIfBehaviourSays(company);
    if (!company || company.stored?.behaviour.notFound) throw notFound('company');
    await sleep(latencyFor(kind, company.id, this.opts.latency, company.stored), this.lifetime.signal);
    return company;
  }

  private async companyPage(uuid: string, part: string | undefined) {
    const { record } = await this.companyByUuid(uuid);
    if (part === '/involvements') return { items: record.involvements };
    if (part === '/documents') return { items: record.documents };
    return record.company;
  }

  private async createRetrieval(input: Record<string, unknown>) {
    const company = await this.directory.byUuid(String(input.companyUuid ?? '').toLowerCase());
    await this.failIfBehaviourSays(company);
    if (!company || company.stored?.behaviour.notFound) throw notFound('company');
    const filing = company.record.documents.find((d) => d.fileId === String(input.fileId ?? ''));
    if (!filing) throw notFound('file');
    return this.retrievals.create(company.id, filing);
  }

  /** The file of a retrieval, as the company's record holds it now. */
  private async retrievalFile(retrievalId: string) {
    const r = this.retrievals.get(retrievalId);
    if (!r) throw notFound('retrieval');
    const company = await this.directory.get(r.companyId);
    await this.failIfBehaviourSays(company);
    const filing = company?.record.documents.find((d) => d.fileId === r.fileId);
    if (!company || !filing) throw notFound('file');
    return { r, company, filing };
  }

  private async process(retrievalId: string) {
    const { company, filing } = await this.retrievalFile(retrievalId);
    await sleep(latencyFor('documents', `${company.id}:${filing.fileId}`, this.opts.latency, company.stored), this.lifetime.signal);
    return this.retrievals.process(retrievalId, filing);
  }

  private async download(retrievalId: string, res: ServerResponse) {
    const { r, company, filing } = await this.retrievalFile(retrievalId);
    if (r.status !== 'processed') throw new Fault(409, 'NOT_PROCESSED', 'The retrieval has not been processed yet');
    const pdf = await renderFilingPdf(company.record, filing);
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length });
    res.end(pdf);
  }

  private async failIfBehaviourSays(company: RegistryCompany | undefined): Promise<void> {
    const stored = company?.stored;
    if (stored && (await failsByBehaviour(stored.behaviour, () => this.opts.sandbox.consumeFailure(COUNTRY, stored.companyId)))) {
      throw maintenance();
    }
  }
}
