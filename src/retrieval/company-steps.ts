import type { Mode } from '../contract/index.ts';
import type { Fetched } from '../registers/contract.ts';

export interface CompanyStepContext {
  countryCode: string;
  companyId: string;
  mode: Mode;
  signal: AbortSignal;
}

/**
 * A step that completes a register's `company` block with data from another source (a tax-ID verification
 * service, a derivation over the register's own fields) before the block is stored and billed. A step adds fields
 * and their provenance (`source.fields`, keyed by field path); it never changes what the register said. A step
 * that cannot run (its source down, nothing to work on) returns the block unchanged: the register data still counts.
 */
export interface CompanyStep {
  readonly name: string;
  apply(fetched: Fetched<'company'>, ctx: CompanyStepContext): Promise<Fetched<'company'>>;
}

/** Runs the steps in order; a step that throws is skipped (logged by the caller's onError) so the block survives. */
export async function applyCompanySteps(
  steps: readonly CompanyStep[],
  fetched: Fetched<'company'>,
  ctx: CompanyStepContext,
  onError: (step: string, err: unknown) => void = () => undefined,
): Promise<Fetched<'company'>> {
  let out = fetched;
  for (const step of steps) {
    try {
      out = await step.apply(out, ctx);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      onError(step.name, err);
    }
  }
  return out;
}
