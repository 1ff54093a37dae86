import { z } from 'zod';
import { duration } from '../../config.ts';
import type { RegisterManifest } from '../manifest.ts';
import { GbRegister } from './index.ts';
import { GbRecordSchema } from './record.ts';

/**
 * GB live mode: Companies House's Public Data API and Document API, and the connector's API key (registers/gb.md).
 * GB is served in live mode only with a key.
 */
const GbConfig = z.object({
  GB_API_URL: z.string().url().default('https://api.company-information.service.gov.uk'),
  GB_DOCUMENT_API_URL: z.string().url().default('https://document-api.company-information.service.gov.uk'),
  GB_API_KEY: z.string().min(1).optional(),
  /** GB live mode: the Streaming API (change events for monitors) and its stream key (default: GB_API_KEY). */
  GB_STREAM_URL: z.string().url().default('https://stream.companieshouse.gov.uk'),
  GB_STREAM_KEY: z.string().min(1).optional(),
  /**
   * GB live mode: where the day's PSC snapshot is read as JSON lines (the register publishes it zipped in parts at
   * download.companieshouse.gov.uk; a mirror that unzips them). Unset: no snapshot, the graph reads owners live.
   */
  GB_PSC_SNAPSHOT_URL: z.string().url().optional(),
  /**
   * GB live mode: the Basic Company Data product as one CSV (the register publishes it zipped, monthly: unzip it to a
   * URL the service reads). With it, the product is ingested every GB_BULK_EVERY as the `gb.bulk.ingest` job.
   */
  GB_BULK_URL: z.string().url().optional(),
  GB_BULK_EVERY: z.string().default('720h').pipe(duration),
});
type GbConfig = z.infer<typeof GbConfig>;

/** The emulator's own limit is the register's; the sandbox bucket lets a burst of tests through at once. */
const SANDBOX_BUCKET = { capacity: 600, perSecond: 2 };

/**
 * The GB register this deployment serves: the emulator in sandbox mode; in live mode Companies House's APIs, but only
 * with an API key (GB_API_KEY): without one GB is left out (406 for GB requests) rather than failing every call.
 */
export const manifest: RegisterManifest<GbConfig> = {
  code: 'GB',
  config: GbConfig,
  create(deps, c) {
    // The key's budget (token bucket) and the stream's cursor live in the store: without one, GB is left out.
    if (!deps.db) return undefined;
    const shared = { db: deps.db };
    if (deps.mode === 'sandbox') {
      return new GbRegister({
        mode: 'sandbox',
        sandbox: deps.sandbox,
        latency: deps.latency,
        now: deps.now,
        ...shared,
        bucket: SANDBOX_BUCKET,
      });
    }
    if (!c.GB_API_KEY) return undefined;
    return new GbRegister({
      mode: 'live',
      apiUrl: c.GB_API_URL,
      documentApiUrl: c.GB_DOCUMENT_API_URL,
      apiKey: c.GB_API_KEY,
      streamUrl: c.GB_STREAM_URL,
      ...(c.GB_STREAM_KEY ? { streamKey: c.GB_STREAM_KEY } : {}),
      ...(c.GB_PSC_SNAPSHOT_URL ? { pscSnapshotUrl: c.GB_PSC_SNAPSHOT_URL } : {}),
      ...(c.GB_BULK_URL ? { bulk: { url: c.GB_BULK_URL, everyMs: c.GB_BULK_EVERY } } : {}),
      now: deps.now,
      ...shared,
    });
  },
  migrations: { dir: new URL('./migrations/', import.meta.url) },
  sandboxRecordSchema: GbRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: ['countries', 'document-kinds', 'ixbrl-concepts', 'legal-forms', 'roles', 'statuses'].map(
    (t) => new URL(`./mapping/${t}.json`, import.meta.url),
  ),
};
