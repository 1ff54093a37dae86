import { readFileSync } from 'node:fs';
import type { ZodType } from 'zod';
import type { SandboxLatency, SandboxStore } from '../sandbox/store.ts';
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import type { Register } from './contract.ts';
import { TestRegister } from './test/index.ts';
import { CnRegister } from './cn/index.ts';
import { jeRegisterFor } from './je/factory.ts';
import { mtRegisterFor } from './mt/factory.ts';
import { gbRegisterFor } from './gb/factory.ts';
import { defaultUserAgent } from './us-ny/portal/client.ts';
import { UsNyRegister } from './us-ny/index.ts';
import { TestRecordSchema } from './test/record.ts';
import { CnRecordSchema } from './cn/record.ts';
import { MtRecordSchema } from './mt/record.ts';
import { JeRecordSchema } from './je/record.ts';
import { UsNySandboxRecordSchema } from './us-ny/record.ts';
import { GbRecordSchema } from './gb/record.ts';

export interface RegisterDeps {
  mode: 'sandbox' | 'live';
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock. */
  now: () => Date;
  /** The store, for registers that keep data of their own (the US-NY snapshot); without it they are left out. */
  db?: Db;
  /** Per-register settings (URLs, timeouts, sandbox seeds). */
  config?: Pick<
    Config,
    | 'US_NY_PORTAL_URL'
    | 'US_NY_PORTAL_TIMEOUT_MS'
    | 'US_NY_USER_AGENT'
    | 'US_NY_SANDBOX_SEED_SIZE'
    | 'US_NY_SANDBOX_SEED'
    | 'US_NY_SNAPSHOT_URL'
    | 'US_NY_NAME_HISTORY_URL'
    | 'US_NY_INGEST_EVERY'
    | 'CN_PORTAL_URL'
    | 'JE_REGISTRY_URL'
    | 'JE_REPORT_EMAIL'
    | 'JE_MAILBOX_HOST'
    | 'JE_MAILBOX_PORT'
    | 'JE_MAILBOX_TLS'
    | 'JE_MAILBOX_USER'
    | 'JE_MAILBOX_PASSWORD'
    | 'MT_REGISTRY_URL'
    | 'MT_USERNAME'
    | 'MT_PASSWORD'
    | 'MT_TOTP_SECRET'
    | 'GB_API_URL'
    | 'GB_DOCUMENT_API_URL'
    | 'GB_API_KEY'
    | 'GB_STREAM_URL'
    | 'GB_STREAM_KEY'
  >;
}

/**
 * The sandbox registers' native `record` formats (CONTRACT §5), in the order above: the operator API's document
 * shows them under the route that stores a record (each register checks its own, `sandboxRecordSchema`).
 */
export const SANDBOX_RECORD_SCHEMAS: readonly ZodType[] = [
  TestRecordSchema,
  CnRecordSchema,
  MtRecordSchema,
  JeRecordSchema,
  UsNySandboxRecordSchema,
  GbRecordSchema,
];

const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Every register this build serves: the one place that lists them. Adding a country means adding its
 * folder and one line here.
 */
export function createRegisters(deps: RegisterDeps): Register[] {
  const registers: Register[] = [];
  if (deps.mode === 'sandbox') registers.push(new TestRegister({ sandbox: deps.sandbox, latency: deps.latency, now: deps.now }));
  registers.push(
    deps.mode === 'sandbox'
      ? new CnRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now })
      : new CnRegister({ mode: 'live', portalUrl: deps.config?.CN_PORTAL_URL ?? 'https://www.gsxt.gov.cn', now: deps.now }),
  );
  registers.push(...mtRegisterFor(deps));
  registers.push(jeRegisterFor(deps));
  registers.push(...gbRegisterFor(deps));
  if (deps.db) {
    const c = deps.config;
    registers.push(
      new UsNyRegister({
        db: deps.db,
        mode: deps.mode,
        // Sandbox: the emulator on a loopback port and a generated snapshot; live: the real portal.
        ...(deps.mode === 'sandbox'
          ? { sandbox: deps.sandbox, seed: { size: c?.US_NY_SANDBOX_SEED_SIZE ?? 3000, seed: c?.US_NY_SANDBOX_SEED ?? 'registrum' } }
          : {
              portalUrl: c?.US_NY_PORTAL_URL ?? 'https://apps.dos.ny.gov',
              openData: {
                entitiesUrl: c?.US_NY_SNAPSHOT_URL ?? 'https://data.ny.gov/resource/n9v6-gdp6.json',
                namesUrl: c?.US_NY_NAME_HISTORY_URL ?? 'https://data.ny.gov/resource/ekwr-p59j.json',
                ingestEveryMs: c?.US_NY_INGEST_EVERY ?? 86_400_000,
              },
            }),
        latency: deps.latency,
        now: deps.now,
        userAgent: c?.US_NY_USER_AGENT ?? defaultUserAgent(SERVICE_VERSION),
        portalTimeoutMs: c?.US_NY_PORTAL_TIMEOUT_MS ?? 15_000,
      }),
    );
  }
  return registers;
}
