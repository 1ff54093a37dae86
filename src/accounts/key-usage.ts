import type { Clock } from '../shared/clock.ts';
import { hashApiKey } from './keys.ts';
import type { AccountRepository } from './repository.ts';

/** A key's last use is written at most this often per process: enough for "last used", no write per request. */
const WRITE_EVERY_MS = 60_000;
const MAX_REMEMBERED = 10_000;

/**
 * Records when each API key was last used (`lastUsedAt` of `/v2/api-keys`), off the request's path: the update is
 * not awaited, and a key seen in the last minute by this process is not written again.
 */
export class KeyUsage {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly repo: AccountRepository,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
  ) {}

  seen(apiKey: string): void {
    const now = this.clock.nowMs();
    const hash = hashApiKey(apiKey);
    const last = this.written.get(hash);
    if (last !== undefined && now - last < WRITE_EVERY_MS) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(hash, now);
    // Not awaited: the caller's request does not wait for bookkeeping; a failure is logged and retried next minute.
    void this.repo.touchKey(hash, new Date(now)).catch((err: unknown) => {
      this.written.delete(hash);
      this.onError(err);
    });
  }
}
