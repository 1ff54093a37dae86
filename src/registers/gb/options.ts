import type { SandboxLatency, SandboxStore } from '../../sandbox/store.ts';
import type { Db } from '../../store/db.ts';
import type { RateLimitOptions } from './emulator/rate-limit.ts';
import type { BucketOptions } from './token-bucket.ts';

/** The key the sandbox connector uses with its emulator (the emulator accepts it and no other). */
export const SANDBOX_API_KEY = 'registrum-sandbox-key';

export type GbRegisterOptions = {
  now: () => Date;
  timeoutMs?: number;
  /** The store: with it, every process shares the API key's budget (a token bucket, gb/001_rate_limit). */
  db?: Db;
  bucket?: BucketOptions;
  /** Failures of background work (the daily PSC snapshot ingestion), to log. */
  onError?: (err: unknown) => void;
} & (GbSandboxOptions | GbLiveOptions);

export interface GbSandboxOptions {
  mode: 'sandbox';
  sandbox: SandboxStore;
  latency: SandboxLatency;
  rateLimit?: RateLimitOptions;
}

export interface GbLiveOptions {
  mode: 'live';
  apiUrl: string;
  documentApiUrl: string;
  apiKey: string;
  streamUrl?: string;
  streamKey?: string;
  /**
   * The day's PSC snapshot: its parts in order (one zip as the register publishes it, its `_NofM` parts, the JSON
   * lines unzipped, or the register's download page, whose newest snapshot is read).
   */
  pscSnapshot?: readonly string[];
  /** The Basic Company Data product, read as the PSC snapshot, and how often it is ingested (the `gb.bulk.ingest` job). */
  bulk?: { sources: readonly string[]; everyMs: number };
}
