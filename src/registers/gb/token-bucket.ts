import { createHash } from 'node:crypto';
import type { Db } from '../../store/db.ts';
import { sleep } from '../../shared/sleep.ts';

export interface BucketOptions {
  /** Tokens a burst may use at once. */
  capacity: number;
  /** Tokens added per second. */
  perSecond: number;
}

/**
 * The register allows 600 requests per 5 minutes per key in fixed windows. A bucket of 60 refilled at 1.8 a second
 * never sends more than 60 + 540 = 600 in any 5 minutes, so the service stays under the register's limit however many
 * processes share the key.
 */
export const REGISTER_BUCKET: BucketOptions = { capacity: 60, perSecond: 1.8 };

/**
 * A token bucket in the store (gb/001_rate_limit): one row per API key, taken from by one atomic statement, so that
 * all processes on one PostgreSQL share the key's budget. A caller without a token waits for the next one, as long as
 * its signal allows. Time is the real clock: the register's window is, not the service's movable clock.
 */
export class StoreTokenBucket {
  private readonly bucket: string;

  constructor(
    private readonly db: Db,
    apiKey: string,
    private readonly opts: BucketOptions = REGISTER_BUCKET,
    private readonly nowMs: () => number = Date.now,
  ) {
    // The key itself is a secret: the row is named by a digest of it.
    this.bucket = createHash('sha256').update(apiKey).digest('hex').slice(0, 32);
  }

  /** Takes one token, waiting for it when the bucket is empty; rejects when the signal aborts first. */
  async take(signal: AbortSignal): Promise<void> {
    for (;;) {
      const wait = await this.tryTake();
      if (wait === 0) return;
      await sleep(wait, signal);
    }
  }

  /** 0 when a token was taken; else how long until one is there (ms). */
  private async tryTake(): Promise<number> {
    const now = new Date(this.nowMs());
    const { capacity, perSecond } = this.opts;
    const refilled = `least($2::double precision, gb_rate_limit.tokens + greatest(0, extract(epoch from ($3::timestamptz - gb_rate_limit.updated_at))) * $4::double precision)`;
    const taken = await this.db.query<{ tokens: number }>(
      `insert into gb_rate_limit (bucket, tokens, updated_at) values ($1, $2::double precision - 1, $3::timestamptz)
       on conflict (bucket) do update set tokens = ${refilled} - 1, updated_at = $3::timestamptz
       where ${refilled} >= 1
       returning tokens`,
      [this.bucket, capacity, now, perSecond],
    );
    if (taken.length > 0) return 0;
    const [row] = await this.db.query<{ tokens: number; updated_at: Date }>(
      'select tokens, updated_at from gb_rate_limit where bucket = $1',
      [this.bucket],
    );
    if (!row) return 10;
    const have = Math.min(capacity, row.tokens + Math.max(0, (now.getTime() - new Date(row.updated_at).getTime()) / 1000) * perSecond);
    return Math.max(10, Math.ceil(((1 - have) / perSecond) * 1000));
  }
}
