import type { Account } from './types.ts';

/** How long a key's answer is trusted before the store is asked again: a revocation by another process shows within it. */
export const KEY_RECHECK_MS = 1_000;
/**
 * An answer older than this is re-checked in the background while it is still given, so that a key in steady use is
 * re-checked before it runs out and no request waits for the store to authenticate (a store busy for a moment, a
 * vacuum of the embedded one, no longer holds up every request of the key that falls on its re-check).
 */
export const KEY_REFRESH_MS = 500;
/** Keys kept at most; past it the oldest go (a burst of distinct keys cannot grow the process without end). */
const MAX_KEYS = 10_000;

interface Entry {
  /** The account, or undefined while the first lookup runs. */
  account: Promise<Account | undefined>;
  /** When the lookup that answered started: the store's state at that moment at the earliest. */
  checkedAt: number;
  /** The lookup answered with an account (an entry can be refreshed ahead only then). */
  found?: boolean;
  /** A re-check in the background is under way. */
  refreshing?: boolean;
}

/**
 * The accounts of API key hashes seen lately, so that authentication costs no statement on most requests. An
 * answer is given for KEY_RECHECK_MS from the start of the lookup that made it (monotonic time, not the service
 * clock, which the sandbox moves); the first request past KEY_REFRESH_MS starts a re-check in the background, which
 * replaces the answer (or forgets a key revoked meanwhile) when it comes. A request that finds the answer past
 * KEY_RECHECK_MS waits for a lookup of its own. So a revocation by another process is seen within KEY_RECHECK_MS, as
 * before, and the process that revokes a key forgets it at once. Only keys that resolved to an account are kept: an
 * unknown key is asked again each time (the per-address limit prices failed attempts).
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  async get(hash: string, load: (hash: string) => Promise<Account | undefined>): Promise<Account | undefined> {
    const now = this.now();
    const entry = this.entries.get(hash);
    if (entry && now - entry.checkedAt < KEY_RECHECK_MS) {
      if (now - entry.checkedAt >= KEY_REFRESH_MS && entry.found && !entry.refreshing) this.refresh(hash, entry, load, now);
      return entry.account;
    }
    // Requests arriving while the lookup runs share it.
    const account = load(hash);
    const fresh: Entry = { account, checkedAt: now };
    this.keep(hash, fresh);
    try {
      const found = await account;
      if (found) fresh.found = true;
      else if (this.entries.get(hash) === fresh) this.entries.delete(hash);
      return found;
    } catch (err) {
      if (this.entries.get(hash) === fresh) this.entries.delete(hash);
      throw err;
    }
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }

  private keep(hash: string, entry: Entry): void {
    this.entries.delete(hash);
    this.entries.set(hash, entry);
    if (this.entries.size > MAX_KEYS) this.entries.delete(this.entries.keys().next().value!);
  }

  /**
   * Re-checks a key in the background. Its answer replaces the entry only if the entry is still the one it
   * re-checked: a key forgotten meanwhile (revoked here) stays forgotten. A failed re-check leaves the entry to run
   * out; the next request may try again.
   */
  private refresh(hash: string, entry: Entry, load: (hash: string) => Promise<Account | undefined>, startedAt: number): void {
    entry.refreshing = true;
    load(hash).then(
      (found) => {
        if (this.entries.get(hash) !== entry) return;
        if (found) this.keep(hash, { account: Promise.resolve(found), checkedAt: startedAt, found: true });
        else this.entries.delete(hash);
      },
      () => {
        entry.refreshing = false;
      },
    );
  }
}
