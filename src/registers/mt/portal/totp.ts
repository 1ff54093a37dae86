import { Secret, TOTP } from 'otpauth';

/** RFC 6238 parameters. Authenticator apps, and the registry's MFA enrolment, use SHA1, 6 digits, 30 seconds. */
export interface TotpOptions {
  algorithm?: 'SHA1' | 'SHA256' | 'SHA512';
  digits?: number;
  periodSeconds?: number;
}

/** A TOTP secret as an enrolment shows it: base32, case- and space-insensitive ("JBSW Y3DP …"). */
export function secretFromBase32(base32: string): Uint8Array {
  const clean = base32
    .replace(/[\s-]+/g, '')
    .replace(/=+$/, '')
    .toUpperCase();
  if (!/^[A-Z2-7]+$/.test(clean)) throw new Error('a TOTP secret is base32: letters A-Z and digits 2-7');
  return new Uint8Array(Secret.fromBase32(clean).bytes);
}

/** The one-time password of `secret` at `timeMs` (RFC 6238; otpauth does the HMAC and truncation of RFC 4226). */
export function totpCode(secret: Uint8Array, timeMs: number, opts: TotpOptions = {}): string {
  return TOTP.generate({
    secret: new Secret({ buffer: secret.slice().buffer }),
    algorithm: opts.algorithm ?? 'SHA1',
    digits: opts.digits ?? 6,
    period: opts.periodSeconds ?? 30,
    timestamp: timeMs,
  });
}

/**
 * True when `code` is the password of `secret` at `timeMs`, or of one time step before or after (RFC 6238 §5.2:
 * a step of clock drift and network delay is tolerated).
 */
export function totpMatches(secret: Uint8Array, code: string, timeMs: number, opts: TotpOptions = {}): boolean {
  return (
    TOTP.validate({
      token: code,
      secret: new Secret({ buffer: secret.slice().buffer }),
      algorithm: opts.algorithm ?? 'SHA1',
      digits: opts.digits ?? 6,
      period: opts.periodSeconds ?? 30,
      timestamp: timeMs,
      window: 1,
    }) !== null
  );
}
