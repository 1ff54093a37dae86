import { AuthorityHttp, AuthorityUnavailable, type AuthorityHttpOptions } from '../http.ts';
import { normaliseGbVrn } from '../vat-numbers.ts';
import type { TaxId, TaxIdCheck, TaxIdVerifier, VerifyContext } from '../verifier.ts';
import { ACCEPT_V2, ErrorResponse, LOOKUP_PATH, LookupResponse, SCOPE, TOKEN_PATH, TokenResponse, addressLine } from './protocol.ts';

export const HMRC_SOURCE = 'HMRC VAT check';

export interface HmrcVatClientOptions extends Omit<AuthorityHttpOptions, 'name'> {
  /** The API's origin (live: https://api.service.hmrc.gov.uk; sandbox: the emulator); resolved on first use. */
  baseUrl: () => Promise<string>;
  clientId: string;
  clientSecret: string;
  /** Our own VRN: lookups then name it and HMRC answers a consultation number, the proof that we checked. */
  requesterVrn?: string;
  /** The service clock, for a processing date HMRC did not give in a readable form. */
  now: () => Date;
}

/**
 * HMRC's "Check a UK VAT number" API v2 as a TaxIdVerifier for `gb_vat`: a client-credentials token (kept until a
 * minute before it expires, renewed once when HMRC refuses it), then one lookup. A 404 is an `invalid` number, as is
 * one that is not 9 or 12 digits (HMRC answers those with a 400 without looking); anything HMRC cannot answer is
 * `unavailable`.
 */
export class HmrcVatClient implements TaxIdVerifier {
  readonly source = HMRC_SOURCE;
  private readonly http: AuthorityHttp;
  private token: Promise<{ value: string; expiresAt: number }> | undefined;

  constructor(private readonly opts: HmrcVatClientOptions) {
    this.http = new AuthorityHttp({ ...opts, name: 'HMRC' });
  }

  handles(taxId: TaxId): boolean {
    return taxId.type === 'gb_vat';
  }

  async verify(taxId: TaxId, ctx: VerifyContext): Promise<TaxIdCheck> {
    const target = normaliseGbVrn(taxId.value);
    // HMRC's own answer to a number that is not 9 or 12 digits is a 400: no need to ask it.
    if (!target) return { status: 'unverified', verifiedAt: this.opts.now().toISOString() };
    try {
      return await this.lookup(target, ctx, true);
    } catch (err) {
      if (err instanceof AuthorityUnavailable) return { status: 'unavailable', reason: err.message };
      throw err;
    }
  }

  private async lookup(target: string, ctx: VerifyContext, mayRenew: boolean): Promise<TaxIdCheck> {
    const base = (await this.opts.baseUrl()).replace(/\/$/, '');
    const requester = this.opts.requesterVrn ? normaliseGbVrn(this.opts.requesterVrn) : undefined;
    const token = await this.accessToken(base, ctx);
    const answer = await this.http.send(
      {
        url: `${base}${LOOKUP_PATH}${target}${requester ? `/${requester}` : ''}`,
        method: 'GET',
        headers: { accept: ACCEPT_V2, authorization: `Bearer ${token}` },
      },
      ctx,
    );
    if (answer.status === 401 && mayRenew) {
      this.token = undefined;
      return this.lookup(target, ctx, false);
    }
    const now = this.opts.now().toISOString();
    if (answer.status === 404) return { status: 'unverified', verifiedAt: now };
    if (answer.status !== 200) {
      const code = ErrorResponse.safeParse(answer.json).data?.code;
      // The target is 9 or 12 digits by now: a 400 or 403 is about our requester VRN, 401/406 about our credentials
      // or headers; none says anything about the target.
      throw new AuthorityUnavailable(`HMRC refused the lookup (${answer.status}${code ? ` ${code}` : ''})`);
    }
    const parsed = LookupResponse.safeParse(answer.json);
    if (!parsed.success) throw new AuthorityUnavailable('HMRC answered in an unexpected shape');
    const r = parsed.data;
    const processed = new Date(r.processingDate);
    return {
      status: 'verified',
      verifiedAt: Number.isNaN(processed.getTime()) ? now : processed.toISOString(),
      verifiedName: r.target.name,
      verifiedAddress: addressLine(r.target.address),
      ...(r.consultationNumber ? { consultationNumber: r.consultationNumber } : {}),
    };
  }

  /** A valid token, fetched once for all concurrent lookups. */
  private async accessToken(base: string, ctx: VerifyContext): Promise<string> {
    const held = this.token && (await this.token.catch(() => undefined));
    if (held && held.expiresAt > Date.now()) return held.value;
    this.token = this.fetchToken(base, ctx);
    try {
      return (await this.token).value;
    } catch (err) {
      this.token = undefined;
      throw err;
    }
  }

  private async fetchToken(base: string, ctx: VerifyContext): Promise<{ value: string; expiresAt: number }> {
    const answer = await this.http.send(
      {
        url: `${base}${TOKEN_PATH}`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: this.opts.clientId,
          client_secret: this.opts.clientSecret,
          scope: SCOPE,
        }).toString(),
      },
      ctx,
    );
    const token = TokenResponse.safeParse(answer.json);
    if (answer.status !== 200 || !token.success) throw new AuthorityUnavailable(`HMRC refused our credentials (${answer.status})`);
    // Renewed a minute early: a token that expires in flight fails the lookup.
    return { value: token.data.access_token, expiresAt: Date.now() + Math.max(0, token.data.expires_in - 60) * 1000 };
  }
}
