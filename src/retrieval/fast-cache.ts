import type { Source } from '../contract/index.ts';
import type { FetchableDataPoint, Register } from '../registers/contract.ts';
import { blockFor } from '../registers/catalogue.ts';
import type { RequestRepository } from '../requests/repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { Clock } from '../shared/clock.ts';

interface BlockSource {
  overall: Source;
  fields?: Record<string, Source>;
}

/**
 * `fast: true` (CompanyRequest): a data point the service already fetched from the register for the same company
 * within the block's window (24 hours unless the catalogue says otherwise) is served from that retrieval instead of
 * calling the register again. It is marked `cached_from_registry` with the original retrieval time, so the caller
 * sees how old it is. A verification retrieval may serve an onboarding request, never the reverse (it has less);
 * with `authoritative: true` only an authoritative retrieval may serve. Billing is unchanged: the block is charged
 * (or deduplicated) as if fetched, and a retrieval delivered uncharged serves uncharged.
 */
export class FastCache {
  constructor(
    private readonly requests: RequestRepository,
    private readonly clock: Clock,
  ) {}

  async lookup(
    register: Register,
    request: RequestRow,
    fetch: FetchableDataPoint,
  ): Promise<{ data: unknown; source: BlockSource; uncharged?: true } | undefined> {
    if (request.options.fast !== true) return undefined;
    const windowMs = blockFor(register.catalogue, fetch)?.dedupWindow ?? 24 * 3_600_000;
    const hit = await this.requests.latestDelivered({
      countryCode: request.countryCode,
      companyId: request.companyId,
      name: fetch,
      modes: request.mode === 'onboarding' ? ['onboarding', 'verification'] : ['verification'],
      since: new Date(this.clock.nowMs() - windowMs),
      authoritativeOnly: request.options.authoritative === true,
      includeFormerOfficers: request.options.includeFormerOfficers === true,
    });
    if (!hit) return undefined;
    // What was delivered uncharged (Fetched.uncharged) is served uncharged: the cache has no more than the register gave.
    return {
      data: hit.result,
      source: cachedSource(hit.source as BlockSource | null, hit.updatedAt),
      ...(hit.uncharged ? { uncharged: true as const } : {}),
    };
  }

  /**
   * A document the same account was delivered for this company within the document's window (24 hours unless the
   * catalogue says otherwise), served again from the stored file: the file belongs to the account, so another
   * account's retrieval never serves. Only with `fast`; otherwise a document is the register's current one.
   */
  async lookupDocument(register: Register, request: RequestRow, documentId: string): Promise<{ result: unknown } | undefined> {
    if (request.options.fast !== true) return undefined;
    const type = await register.documentType?.(request.companyId, documentId);
    const windowMs = register.catalogue.documents.find((d) => d.type === type)?.dedupWindow ?? 24 * 3_600_000;
    const hit = await this.requests.latestDeliveredDocument({
      accountId: request.accountId,
      countryCode: request.countryCode,
      companyId: request.companyId,
      documentId,
      since: new Date(this.clock.nowMs() - windowMs),
    });
    return hit ? { result: hit.result } : undefined;
  }
}

/** The original provenance, with what was live now served from the service's cache (retrieval time kept). */
function cachedSource(original: BlockSource | null, deliveredAt: Date): BlockSource {
  const cached = (s: Source): Source => ({
    ...s,
    type: s.type === 'live_from_registry' ? 'cached_from_registry' : s.type,
    retrievedAt: s.retrievedAt ?? deliveredAt.toISOString(),
  });
  if (!original?.overall)
    return { overall: { type: 'cached_from_registry', register: 'registrum cache', retrievedAt: deliveredAt.toISOString() } };
  const fields = original.fields ? Object.fromEntries(Object.entries(original.fields).map(([k, s]) => [k, cached(s)])) : undefined;
  return { overall: cached(original.overall), ...(fields ? { fields } : {}) };
}
