import { AuthorityHttp, AuthorityUnavailable, type AuthorityHttpOptions } from '../http.ts';
import { splitEuVat, VIES_MEMBER_STATES, viesCountryOf } from '../vat-numbers.ts';
import type { TaxId, TaxIdCheck, TaxIdVerifier, VerifyContext } from '../verifier.ts';
import { CHECK_PATH, CheckResponse, ErrorResponse, INPUT_ERRORS, REQUEST_ERRORS, shared } from './protocol.ts';

export const VIES_SOURCE = 'VIES';

export interface ViesClientOptions extends Omit<AuthorityHttpOptions, 'name'> {
  /** The REST API's base (live: https://ec.europa.eu/taxation_customs/vies/rest-api; sandbox: the emulator). */
  baseUrl: () => Promise<string>;
  /** Our own EU VAT number (e.g. `LU12345613`): VIES then answers a request identifier, the proof of the check. */
  requesterVat?: string;
  now: () => Date;
}

const errorCodeOf = (json: unknown) => ErrorResponse.safeParse(json).data?.errorWrappers[0]?.error;

/**
 * The Commission's VIES REST API as a TaxIdVerifier for `eu_vat` numbers of the member states (and XI). VIES reports
 * its failures inside HTTP 200 answers: a member state's register being down or VIES being busy is retried like a
 * 5xx, then `unavailable`; `INVALID_INPUT` is VIES's word that the number is not one: `invalid`.
 */
export class ViesClient implements TaxIdVerifier {
  readonly source = VIES_SOURCE;
  private readonly http: AuthorityHttp;

  constructor(private readonly opts: ViesClientOptions) {
    this.http = new AuthorityHttp({ ...opts, name: 'VIES' });
  }

  handles(taxId: TaxId): boolean {
    if (taxId.type !== 'eu_vat') return false;
    if (splitEuVat(taxId.value, taxId.country)) return true;
    return !!taxId.country && (VIES_MEMBER_STATES as readonly string[]).includes(viesCountryOf(taxId.country));
  }

  async verify(taxId: TaxId, ctx: VerifyContext): Promise<TaxIdCheck> {
    const target = splitEuVat(taxId.value, taxId.country);
    if (!target) return { status: 'unverified', verifiedAt: this.opts.now().toISOString() };
    const requester = this.opts.requesterVat ? splitEuVat(this.opts.requesterVat) : undefined;
    try {
      const answer = await this.http.send(
        {
          url: `${(await this.opts.baseUrl()).replace(/\/$/, '')}${CHECK_PATH}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            countryCode: target.countryCode,
            vatNumber: target.vatNumber,
            ...(requester ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber } : {}),
          }),
        },
        {
          ...ctx,
          transient: (a) => {
            const code = a.status === 200 ? errorCodeOf(a.json) : undefined;
            return code && !INPUT_ERRORS.includes(code) && !REQUEST_ERRORS.includes(code) ? `VIES answered ${code}` : undefined;
          },
        },
      );
      return this.read(answer.status, answer.json);
    } catch (err) {
      if (err instanceof AuthorityUnavailable) return { status: 'unavailable', reason: err.message };
      throw err;
    }
  }

  private read(status: number, json: unknown): TaxIdCheck {
    const now = this.opts.now().toISOString();
    const code = errorCodeOf(json);
    if (code && INPUT_ERRORS.includes(code)) return { status: 'unverified', verifiedAt: now };
    if (status !== 200 || code) return { status: 'unavailable', reason: `VIES refused the request (${status}${code ? ` ${code}` : ''})` };
    const parsed = CheckResponse.safeParse(json);
    if (!parsed.success) return { status: 'unavailable', reason: 'VIES answered in an unexpected shape' };
    const r = parsed.data;
    const at = r.requestDate ? new Date(r.requestDate) : undefined;
    const name = shared(r.name);
    const address = shared(r.address)?.replace(/\s*\n\s*/g, ', ');
    const consultation = shared(r.requestIdentifier);
    return {
      status: r.valid ? 'verified' : 'unverified',
      verifiedAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : now,
      ...(r.valid && name ? { verifiedName: name } : {}),
      ...(r.valid && address ? { verifiedAddress: address } : {}),
      ...(consultation ? { consultationNumber: consultation } : {}),
    };
  }
}
