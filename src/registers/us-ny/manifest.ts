import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { duration, intFromEnv } from '../../config.ts';
import type { RegisterManifest } from '../manifest.ts';
import { UsNyRegister } from './index.ts';
import { defaultUserAgent } from './portal/client.ts';
import { UsNySandboxRecordSchema } from './record.ts';

const UsNyConfig = z.object({
  /** US-NY live mode: the Department of State's public inquiry portal (registers/us-ny.md §2). */
  US_NY_PORTAL_URL: z.string().url().default('https://apps.dos.ny.gov'),
  /** US-NY: the open-data snapshot and its name history (Socrata JSON API), for the scheduled ingestion. */
  US_NY_SNAPSHOT_URL: z.string().url().default('https://data.ny.gov/resource/n9v6-gdp6.json'),
  US_NY_NAME_HISTORY_URL: z.string().url().default('https://data.ny.gov/resource/ekwr-p59j.json'),
  /** How often the US-NY snapshot is ingested in live mode (the state publishes it daily). */
  US_NY_INGEST_EVERY: z.string().default('24h').pipe(duration),
  /** One portal attempt's limit: the host stalls rather than refuses when its bot protection engages. */
  US_NY_PORTAL_TIMEOUT_MS: intFromEnv(15_000),
  /** Sent to the NY hosts; identifies the service and, ideally, a contact. */
  US_NY_USER_AGENT: z.string().min(1).optional(),
  /** US-NY sandbox: the generated snapshot seeded on first use. */
  US_NY_SANDBOX_SEED_SIZE: intFromEnv(3000),
  US_NY_SANDBOX_SEED: z.string().min(1).default('registrum'),
});
type UsNyConfig = z.infer<typeof UsNyConfig>;

const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * US-NY (spec §2.11): gated by the account feature `usNy`; its open-data snapshot lives in tables of its own
 * (`migrations/`), so it is served only with a store.
 */
export const manifest: RegisterManifest<UsNyConfig> = {
  code: 'US-NY',
  config: UsNyConfig,
  create(deps, c) {
    if (!deps.db) return undefined;
    return new UsNyRegister({
      db: deps.db,
      mode: deps.mode,
      // Sandbox: the emulator on a loopback port and a generated snapshot; live: the real portal.
      ...(deps.mode === 'sandbox'
        ? { sandbox: deps.sandbox, seed: { size: c.US_NY_SANDBOX_SEED_SIZE, seed: c.US_NY_SANDBOX_SEED } }
        : {
            portalUrl: c.US_NY_PORTAL_URL,
            openData: { entitiesUrl: c.US_NY_SNAPSHOT_URL, namesUrl: c.US_NY_NAME_HISTORY_URL, ingestEveryMs: c.US_NY_INGEST_EVERY },
          }),
      latency: deps.latency,
      now: deps.now,
      userAgent: c.US_NY_USER_AGENT ?? defaultUserAgent(SERVICE_VERSION),
      portalTimeoutMs: c.US_NY_PORTAL_TIMEOUT_MS,
    });
  },
  feature: { key: 'usNy', label: 'US-NY' },
  // The snapshot tables were the store's migration 004_us_ny before they moved here.
  migrations: { dir: new URL('./migrations/', import.meta.url), formerly: { '001_snapshots': '004_us_ny' } },
  sandboxRecordSchema: UsNySandboxRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: ['legal-forms', 'roles', 'statuses'].map((t) => new URL(`./mapping/${t}.json`, import.meta.url)),
};
