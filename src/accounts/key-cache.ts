import type { Account } from './types.ts';

/** How long a key's answer is trusted before the store is asked again: a revocation by another process shows within it. */
export const KEY_RECHECK_MS = 1_000;
/** Keys kept at most; past it the oldest go (a burst of distinct keys cannot grow the process without end). */
const MAX_KEYS = 10_000;

interface Entry {
  /** The account, or undefined while the first lookup runs. */
  account: Promise<Account | undefined>;
  checkedAt: number;
}

/**
 * The accounts of API key hashes seen lately, so that authentication costs no statement on most requests. An
 * answer is re-checked against the store once it is older than KEY_RECHECK_MS (monotonic time, not the service
 * clock, which the sandbox moves); the process that revokes a key forgets it at once. Only keys that resolved to an
 * account are kept: an unknown key is asked again each time (the per-address limit prices failed attempts).
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  async get(hash: string, load: (hash: string) => Promise<Account | undefined>): Promise<Account | undefined> {
    const now = this.now();
    const entry = this.entries.get(hash);
    if (entry && now - entry.checkedAt < KEY_RECHECK_MS) return entry.account;
    // Requests arriving while the lookup runs share it.
    const account = load(hash);
    this.entries.delete(hash);
    this.entries.set(hash, { account, checkedAt: now });
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
    try {
      const found = await account;
      if (!found && this.entries.get(hash)?.account === account) this.entries.delete(hash);
      return found;
    } catch (err) {
      if (this.entries.get(hash)?.account === account) this.entries.delete(hash);
      throw err;
    }
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }
}
