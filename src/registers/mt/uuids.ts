import { RegisterError } from '../errors.ts';
import { normaliseCompanyNumber, registerNumberOf } from './ids.ts';
import type { MtRegistryClient } from './portal/client.ts';
import type { CompanySummary } from './portal/protocol.ts';

/** How many number → UUID pairs are kept; the oldest go first. */
const MAX_KNOWN = 20_000;

/**
 * The system addresses companies by an internal UUID (spec §2.11), the API by number. This resolves one from the
 * other with a number search and remembers the answer; a remembered UUID the system no longer knows (a company
 * re-registered, a sandbox record replaced) is looked up again once.
 */
export class UuidResolver {
  private readonly known = new Map<string, string>();

  constructor(private readonly client: MtRegistryClient) {}

  remember(hit: CompanySummary): void {
    const id = normaliseCompanyNumber(hit.registrationNumber);
    this.known.delete(id);
    this.known.set(id, hit.uuid);
    if (this.known.size > MAX_KNOWN) this.known.delete(this.known.keys().next().value!);
  }

  /** The company with this number (`C12345`), as the number search lists it. */
  async find(companyId: string, signal: AbortSignal): Promise<CompanySummary | undefined> {
    const hit = await this.client.findByNumber(registerNumberOf(companyId), signal);
    if (hit) this.remember(hit);
    else this.known.delete(companyId);
    return hit;
  }

  /** Runs `call` with the company's UUID; a company the register does not have is `resource_not_found`. */
  async withUuid<T>(companyId: string, signal: AbortSignal, call: (uuid: string) => Promise<T>): Promise<T> {
    const cached = this.known.get(companyId);
    if (cached) {
      try {
        return await call(cached);
      } catch (err) {
        if (!(err instanceof RegisterError && err.code === 'resource_not_found')) throw err;
      }
    }
    const hit = await this.find(companyId, signal);
    if (!hit) throw RegisterError.notFound(`${registerNumberOf(companyId)} is not in the MT register`);
    return call(hit.uuid);
  }
}
