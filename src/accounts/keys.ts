import { createHash, randomBytes } from 'node:crypto';

/** API keys are `rk_<32 random bytes, base64url>`; only their SHA-256 is stored (they carry 256 bits, no salt needed). */
export function generateApiKey(): string {
  return `rk_${randomBytes(32).toString('base64url')}`;
}

/** Hashes kept at most; past it the oldest go (distinct keys sent at random cannot grow the process). */
const MAX_HASHES = 10_000;
const hashes = new Map<string, string>();

/**
 * A key's SHA-256 (hex). A request needs it three times (rate limit, authentication, last use) and a client sends the
 * same key on every request, so hashes are kept per key string: a map lookup instead of a hash object each time.
 */
export function hashApiKey(key: string): string {
  let hash = hashes.get(key);
  if (hash !== undefined) return hash;
  hash = createHash('sha256').update(key, 'utf8').digest('hex');
  if (hashes.size >= MAX_HASHES) hashes.delete(hashes.keys().next().value!);
  hashes.set(key, hash);
  return hash;
}

/** The part of a key safe to show in logs and listings. */
export function keyPrefix(key: string): string {
  return key.slice(0, 8);
}
