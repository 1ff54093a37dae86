import { createHash, randomBytes } from 'node:crypto';

/** API keys are `rk_<32 random bytes, base64url>`; only their SHA-256 is stored (they carry 256 bits, no salt needed). */
export function generateApiKey(): string {
  return `rk_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The part of a key safe to show in logs and listings. */
export function keyPrefix(key: string): string {
  return key.slice(0, 8);
}
