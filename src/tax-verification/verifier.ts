import type { Company } from '../contract/index.ts';

export type TaxId = NonNullable<Company['taxId']>;
export type TaxIdVerification = NonNullable<TaxId['verification']>;

/**
 * What a tax authority said about a number (`verification.status` in the API):
 * (the incumbent's values; the specification names none)
 * - `verified`: the authority has the number registered; `verifiedName` / `verifiedAddress` are its registration as
 *   the authority publishes it (VIES leaves them out for member states that do not share them);
 * - `unverified`: the authority answered, and the number is not registered with it (or is not a number it accepts).
 *
 * `unavailable` (the authority could not be asked: down, throttled, timed out) never reaches a response: the
 * verification is then absent, as when no verifier handles the number, because nothing was verified.
 */
export type TaxIdCheck =
  | ({ status: 'verified' | 'unverified' } & Omit<TaxIdVerification, 'status'> & { verifiedAt: string })
  | { status: 'unavailable'; reason: string };

export interface VerifyContext {
  signal: AbortSignal;
  /** Attempts at the authority, the first included: onboarding mode asks once, verification retries. */
  attempts: number;
}

/**
 * A tax-ID verification service: one authority and the numbers it answers for. Implementations speak the
 * authority's own protocol (HMRC's "Check a UK VAT number" API, the Commission's VIES), against the real service in
 * live mode and against an emulator of it on a loopback port in sandbox mode.
 *
 * @example
 * const check = await verifier.verify({ type: 'gb_vat', value: 'GB220430231', country: 'GB' }, { signal, attempts: 1 });
 * if (check.status !== 'unavailable') company.taxId.verification = toVerification(check);
 */
export interface TaxIdVerifier {
  /** The source's name, as `register` in the provenance (`dataSources.company.fields['taxId.verification']`). */
  readonly source: string;
  /** Whether this authority answers for the number (by `type`, and for VIES by member state). */
  handles(taxId: TaxId): boolean;
  /** Asks the authority. Never throws for the authority's failures: they are `unavailable`; an abort is rethrown. */
  verify(taxId: TaxId, ctx: VerifyContext): Promise<TaxIdCheck>;
}

/** The public `verification` object of a check the authority answered. */
export function toVerification(check: Exclude<TaxIdCheck, { status: 'unavailable' }>): TaxIdVerification {
  const { status, verifiedAt, verifiedName, verifiedAddress, consultationNumber } = check;
  return {
    status,
    verifiedAt,
    ...(verifiedName ? { verifiedName } : {}),
    ...(verifiedAddress ? { verifiedAddress } : {}),
    ...(consultationNumber ? { consultationNumber } : {}),
  };
}
