import { RegisterError } from '../../errors.ts';
import { normaliseCompanyNumber } from '../ids.ts';
import { exchange, exchangeJson, SessionRejected, SOURCE, type CallOptions, type RegistryLocation } from './http.ts';
import {
  CompanyDetails,
  DocumentsAnswer,
  InvolvementsAnswer,
  MAX_PAGE_SIZE,
  PATHS,
  RetrievalAnswer,
  SearchAnswer,
  type CompanySummary,
  type Filing,
  type Involvement,
} from './protocol.ts';
import { MtSession, type MtCredentials } from './session.ts';

export type { MtCredentials } from './session.ts';
export type { RegistryLocation } from './http.ts';

/**
 * The connector's side of the registry's online system (wire format in protocol.ts). Every call runs in the
 * logged-in session; a call the system refuses for its session logs in again and is tried once more.
 */
export class MtRegistryClient {
  readonly session: MtSession;

  constructor(
    private readonly location: RegistryLocation,
    credentials: MtCredentials,
    now?: () => number,
  ) {
    this.session = new MtSession(location, credentials, now);
  }

  /** The company with this number ("C 12345"), if the register has it: exact, at most one. */
  async findByNumber(registrationNumber: string, signal: AbortSignal): Promise<CompanySummary | undefined> {
    const query = new URLSearchParams({ registrationNumber });
    const answer = await this.json('GET', `${PATHS.companies}?${query}`, SearchAnswer, { signal });
    return answer.items.find((c) => normaliseCompanyNumber(c.registrationNumber) === normaliseCompanyNumber(registrationNumber));
  }

  /** Companies whose name contains `name` (the system's partial match), first page. */
  async searchByName(name: string, signal: AbortSignal): Promise<{ total: number; items: CompanySummary[] }> {
    const query = new URLSearchParams({ name, page: '1', pageSize: String(MAX_PAGE_SIZE) });
    return this.json('GET', `${PATHS.companies}?${query}`, SearchAnswer, { signal });
  }

  company(uuid: string, signal: AbortSignal): Promise<CompanyDetails> {
    return this.json('GET', PATHS.company(uuid), CompanyDetails, { signal });
  }

  async involvements(uuid: string, signal: AbortSignal): Promise<Involvement[]> {
    return (await this.json('GET', PATHS.involvements(uuid), InvolvementsAnswer, { signal })).items;
  }

  /** The company's filings; listing them is free. */
  async documents(uuid: string, signal: AbortSignal): Promise<Filing[]> {
    return (await this.json('GET', PATHS.documents(uuid), DocumentsAnswer, { signal })).items;
  }

  /**
   * Buys and downloads one file, in the system's three steps: create a retrieval, process it (the fee is charged
   * here, once per file and account), download the PDF.
   */
  async retrieveDocument(companyUuid: string, fileId: string, signal: AbortSignal): Promise<Uint8Array> {
    const created = await this.json('POST', PATHS.retrievals, RetrievalAnswer, { signal, body: { companyUuid, fileId } });
    const processed = await this.json('POST', PATHS.process(created.retrievalId), RetrievalAnswer, { signal });
    if (processed.status !== 'processed') {
      throw RegisterError.unavailable(`the MT registry did not process retrieval ${created.retrievalId} (${processed.status})`, SOURCE);
    }
    const res = await this.authed((token) => this.call('GET', PATHS.download(created.retrievalId), { signal, token }));
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
      throw new RegisterError('processing_failed', `the MT registry sent file ${fileId} in a format other than PDF`, false, SOURCE);
    }
    return bytes;
  }

  private json<T>(method: string, path: string, schema: Parameters<typeof exchangeJson<T>>[3], opts: CallOptions): Promise<T> {
    return this.authed(async (token) => exchangeJson(await this.location(), method, path, schema, { ...opts, token }));
  }

  private async call(method: string, path: string, opts: CallOptions): Promise<Response> {
    return exchange(await this.location(), method, path, opts);
  }

  /** Runs a call in the session; when the system refuses the session, logs in again and runs it once more. */
  private async authed<T>(run: (token: string) => Promise<T>): Promise<T> {
    const first = await this.session.token();
    try {
      return await run(first);
    } catch (err) {
      if (!(err instanceof SessionRejected)) throw err;
      this.session.invalidate(first);
    }
    try {
      return await run(await this.session.token());
    } catch (err) {
      if (err instanceof SessionRejected) throw RegisterError.unavailable('the MT registry refuses every new session', SOURCE);
      throw err;
    }
  }
}
