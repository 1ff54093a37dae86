import type { Company, Mode, Source } from '../contract/index.ts';
import { toVerification, type TaxIdVerifier } from './verifier.ts';
import { deadline } from '../shared/deadline.ts';

export interface TaxIdVerificationStepOptions {
  verifiers: readonly TaxIdVerifier[];
  /** The service clock, for `retrievedAt`. */
  now: () => Date;
  /** Verification mode retries a failing authority; onboarding asks once (its deadline is short). */
  attempts: { onboarding: number; verification: number };
  /** The whole check's limit per mode (token and lookup, retries included); past it the authority is unavailable. */
  budgetMs: { onboarding: number; verification: number };
  /** Told when an authority could not be asked (the block goes on without a verification). */
  onUnavailable?: (source: string, reason: string) => void;
}

/**
 * Completes the company block's `taxId` with the tax authority's word on it (`taxId.verification`), when the register
 * gave a tax id whose type a configured verifier handles; its provenance goes to
 * `source.fields['taxId.verification']` as live from that authority. It runs in both modes: a check is one fast call,
 * and onboarding asks only once within one timeout (`budgetMs`), so a stalled authority costs at most that much of
 * the onboarding deadline. An authority that cannot be
 * asked leaves the block as the register gave it; a tax id that already carries a verification is left alone (the
 * register's word is not replaced).
 */
/**
 * The part of a register's company block the step reads and completes: retrieval's `Fetched<'company'>`, described
 * here so that tax verification depends on the public model only (retrieval runs it as one of its company steps).
 */
interface CompanyBlock {
  data: { company: Company };
  source: { overall: Source; fields?: Record<string, Source> };
}

export class TaxIdVerificationStep {
  readonly name = 'tax-id-verification';

  constructor(private readonly opts: TaxIdVerificationStepOptions) {}

  async apply(fetched: CompanyBlock, ctx: { mode: Mode; signal: AbortSignal }): Promise<CompanyBlock> {
    const taxId = fetched.data.company.taxId;
    if (!taxId || taxId.verification) return fetched;
    const verifier = this.opts.verifiers.find((v) => v.handles(taxId));
    if (!verifier) return fetched;
    const budget = deadline(this.opts.budgetMs[ctx.mode], ctx.signal);
    let check: Awaited<ReturnType<TaxIdVerifier['verify']>>;
    try {
      check = await verifier.verify(taxId, { signal: budget.signal, attempts: this.opts.attempts[ctx.mode] });
    } catch (err) {
      // Our own limit is the authority being too slow; the request's deadline or abandonment is the caller's.
      if (ctx.signal.aborted || !budget.expired) throw err;
      check = { status: 'unavailable', reason: `no answer within ${this.opts.budgetMs[ctx.mode]} ms` };
    } finally {
      budget.clear();
    }
    if (check.status === 'unavailable') {
      this.opts.onUnavailable?.(verifier.source, check.reason);
      return fetched;
    }
    return {
      data: { ...fetched.data, company: { ...fetched.data.company, taxId: { ...taxId, verification: toVerification(check) } } },
      source: {
        ...fetched.source,
        fields: {
          ...fetched.source.fields,
          'taxId.verification': { type: 'live_from_registry', register: verifier.source, retrievedAt: this.opts.now().toISOString() },
        },
      },
    };
  }
}
