import { randomBytes } from 'node:crypto';
import type { MtCredentials } from '../portal/session.ts';
import { secretFromBase32, totpMatches } from '../portal/totp.ts';
import { Fault } from './fault.ts';

/**
 * The one account of the sandbox registry. Not a secret: the emulator runs in-process and holds fictional data;
 * it exists so that the connector goes through the same login and MFA steps as against the real system.
 */
export const SANDBOX_ACCOUNT: MtCredentials = {
  username: 'registrum-sandbox',
  password: 'sandbox-password-not-secret',
  totpSecret: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TFOQ',
};

/** The real system's session lifetime (about a quarter of an hour), and how long an MFA challenge stays open. */
export const DEFAULT_SESSION_TTL_MS = 15 * 60_000;
const MFA_TTL_MS = 5 * 60_000;

/**
 * Logins, MFA challenges and sessions of the emulated system. Sessions expire after `sessionTtlMs` and can be
 * revoked all at once (the real system drops sessions on deployments), which the connector must survive.
 */
export class EmulatorAuth {
  private readonly challenges = new Map<string, { username: string; expiresAt: number }>();
  private readonly sessions = new Map<string, { username: string; expiresAt: number }>();
  private readonly secret: Uint8Array;
  /** Calls refused for their session (expired, revoked, unknown): what a connector must recover from. */
  refused = 0;

  constructor(
    private readonly sessionTtlMs: number = DEFAULT_SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly account: MtCredentials = SANDBOX_ACCOUNT,
  ) {
    this.secret = secretFromBase32(account.totpSecret);
  }

  login(input: Record<string, unknown>) {
    if (input.username !== this.account.username || input.password !== this.account.password) {
      throw new Fault(401, 'INVALID_CREDENTIALS', 'Invalid username or password');
    }
    this.sweep();
    const mfaToken = randomBytes(16).toString('hex');
    this.challenges.set(mfaToken, { username: this.account.username, expiresAt: this.now() + MFA_TTL_MS });
    return { mfaToken, mfaMethod: 'totp' as const, expiresInSeconds: MFA_TTL_MS / 1000 };
  }

  /** The MFA step: the challenge of the login and the current one-time password open a session. */
  verify(input: Record<string, unknown>) {
    const challenge = this.challenges.get(String(input.mfaToken));
    this.challenges.delete(String(input.mfaToken));
    if (!challenge || challenge.expiresAt < this.now())
      throw new Fault(401, 'MFA_EXPIRED', 'The verification step has expired; log in again');
    if (!totpMatches(this.secret, String(input.code ?? ''), this.now())) throw new Fault(401, 'INVALID_OTP', 'Invalid verification code');
    const sessionToken = randomBytes(24).toString('base64url');
    this.sessions.set(sessionToken, { username: challenge.username, expiresAt: this.now() + this.sessionTtlMs });
    return { sessionToken, expiresInSeconds: this.sessionTtlMs / 1000 };
  }

  /** Checks the bearer token of a call. */
  check(authorization: string | undefined): void {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const session = token ? this.sessions.get(token) : undefined;
    if (!session || session.expiresAt <= this.now()) {
      if (token) this.sessions.delete(token);
      this.refused++;
      throw new Fault(401, 'SESSION_EXPIRED', 'Your session has expired; please log in again');
    }
  }

  /** Drops every session, as the real system does on a restart. */
  revokeAll(): void {
    this.sessions.clear();
  }

  /** Forgets expired challenges and sessions, so that a long-running emulator does not grow. */
  private sweep(): void {
    const now = this.now();
    for (const [k, v] of this.challenges) if (v.expiresAt < now) this.challenges.delete(k);
    for (const [k, v] of this.sessions) if (v.expiresAt <= now) this.sessions.delete(k);
  }
}
