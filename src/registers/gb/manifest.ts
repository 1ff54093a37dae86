import { z } from 'zod';
import { duration } from '../../config.ts';
import type { RegisterManifest } from '../manifest.ts';
import { sourcesOf } from './bulk/product-files.ts';
import { GbRegister } from './index.ts';
import { GbRecordSchema } from './record.ts';

/** One URL, or several separated by commas: the parts of one product, read in order. */
const urlList = z.string().transform(sourcesOf).pipe(z.array(z.string().url()).min(1));

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
   * GB live mode: the day's PSC snapshot, read as the register publishes it: the zip
   * (`https://download.companieshouse.gov.uk/persons-with-significant-control-snapshot-YYYY-MM-DD.zip`), its parts as
   * URLs separated by commas (`psc-snapshot-YYYY-MM-DD_1of28.zip,…`, read in that order as one snapshot), the register's
   * page `https://download.companieshouse.gov.uk/en_pscdata.html` (the newest snapshot it lists), or JSON lines
   * unzipped by a mirror (told apart by content, not name). Unset: no snapshot, the graph reads owners live.
   */
  GB_PSC_SNAPSHOT_URL: urlList.optional(),
  /**
   * GB live mode: the Basic Company Data product, read as GB_PSC_SNAPSHOT_URL: the zip
   * (`BasicCompanyDataAsOneFile-YYYY-MM-01.zip`), its parts (`BasicCompanyData-YYYY-MM-01-part1_7.zip,…`), the page
   * `https://download.companieshouse.gov.uk/en_output.html` (a fixed URL that always finds the month's product), or the
   * CSV unzipped. With it, the product is ingested every GB_BULK_EVERY as the `gb.bulk.ingest` job.
   */
  GB_BULK_URL: urlList.optional(),
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
      ...(c.GB_PSC_SNAPSHOT_URL ? { pscSnapshot: c.GB_PSC_SNAPSHOT_URL } : {}),
      ...(c.GB_BULK_URL ? { bulk: { sources: c.GB_BULK_URL, everyMs: c.GB_BULK_EVERY } } : {}),
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
