import { exchangeJson, type RegistryLocation } from './http.ts';
import { LoginAnswer, MfaAnswer, PATHS } from './protocol.ts';
import { secretFromBase32, totpCode } from './totp.ts';

/** The connector's account at the registry: a user with time-based one-time passwords enrolled (MFA). */
export interface MtCredentials {
  username: string;
  password: string;
  /** The base32 secret of the account's TOTP enrolment. */
  totpSecret: string;
}

interface Held {
  token: string;
  /** When the connector stops using it: the system's expiry less a margin, so a call never races the expiry. */
  renewAt: number;
}

/** Longest a login may take (two calls). */
const LOGIN_TIMEOUT_MS = 60_000;

/**
 * Keeps one logged-in session with the registry: logs in with username and password, answers the MFA step with
 * the current TOTP code, and reuses the session until shortly before it expires or until the system refuses it
 * (`invalidate`), then logs in again. Concurrent callers share one login.
 */
export class MtSession {
  private current: Held | undefined;
  private pending: Promise<Held> | undefined;
  /** How many logins this session has made (observability and tests). */
  logins = 0;
  private readonly secret: Uint8Array;

  constructor(
    private readonly location: RegistryLocation,
    private readonly credentials: MtCredentials,
    /** Real time, not the service clock: one-time passwords are checked against the registry's real clock. */
    private readonly now: () => number = Date.now,
  ) {
    this.secret = secretFromBase32(credentials.totpSecret);
  }

  /** A session token that is valid now, logging in first when there is none or it is about to expire. */
  async token(): Promise<string> {
    if (this.current && this.current.renewAt > this.now()) return this.current.token;
    this.current = undefined;
    this.pending ??= this.login().finally(() => {
      this.pending = undefined;
    });
    const held = await this.pending;
    this.current = held;
    return held.token;
  }

  /** Forgets a token the system refused, unless a newer session has already replaced it. */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async login(): Promise<Held> {
    const base = await this.location();
    const signal = AbortSignal.timeout(LOGIN_TIMEOUT_MS);
    const { username, password } = this.credentials;
    const challenge = await exchangeJson(base, 'POST', PATHS.login, LoginAnswer, { signal, body: { username, password } });
    const code = totpCode(this.secret, this.now());
    const session = await exchangeJson(base, 'POST', PATHS.mfa, MfaAnswer, { signal, body: { mfaToken: challenge.mfaToken, code } });
    this.logins++;
    const ttl = session.expiresInSeconds * 1000;
    return { token: session.sessionToken, renewAt: this.now() + ttl - Math.min(30_000, ttl / 10) };
  }
}
