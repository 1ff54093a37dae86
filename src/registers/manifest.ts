import type { ZodType } from 'zod';
import type { SandboxLatency, SandboxStore } from '../sandbox/store.ts';
import type { Db } from '../store/db.ts';
import type { Register } from './contract.ts';

/** What every register's factory is given by the composition root. */
export interface RegisterContext {
  mode: 'sandbox' | 'live';
  sandbox: SandboxStore;
  latency: SandboxLatency;
  /** The service clock. */
  now: () => Date;
  /** The store, for registers that keep data of their own (the US-NY snapshot); without it they are left out. */
  db?: Db;
}

/** An account feature that must be enabled before an account may retrieve from a register (spec §2.11). */
export interface FeatureGate {
  /** The key in an account's `features` (e.g. `{ "usNy": true }` in `POST /admin/accounts`). */
  key: string;
  /** How the register is named in the 400 that refuses it. */
  label: string;
}

/** SQL files of a register's own tables, applied by the store's migration runner under `<code>/<file name>`. */
export interface RegisterMigrations {
  /** A folder of `NNN_name.sql` files. */
  dir: URL;
  /**
   * Versions these files had when the store held them (e.g. `{ '001_snapshots': '004_us_ny' }`): a database that
   * applied the old version is not migrated again.
   */
  formerly?: Record<string, string>;
}

/**
 * Everything the service needs to know about one register: the only thing its folder exports to the rest of the
 * service. `registers/index.ts` lists the manifests; nothing outside the folder names the register.
 *
 * @example
 * export const manifest: RegisterManifest<XxConfig> = {
 *   code: 'XX',
 *   config: z.object({ XX_PORTAL_URL: z.string().url().default('https://registry.example') }),
 *   create: (ctx, config) =>
 *     ctx.mode === 'sandbox' ? new XxRegister({ mode: 'sandbox', sandbox: ctx.sandbox, latency: ctx.latency, now: ctx.now })
 *                            : new XxRegister({ mode: 'live', portalUrl: config.XX_PORTAL_URL, now: ctx.now }),
 *   sandboxRecordSchema: XxRecordSchema,
 *   catalogue: new URL('./catalogue.json', import.meta.url),
 *   referenceTables: [new URL('./mapping/legal-forms.json', import.meta.url)],
 * };
 */
export interface RegisterManifest<C = unknown> {
  /** The `countryCode` it serves: ISO 3166-1 alpha-2, a US state register (US-XX) or TEST. */
  code: string;
  /** Other codes a client may use for it (none yet: the contract's country enums accept only codes). */
  aliases?: readonly string[];
  /** Its own environment variables, validated at start with the rest of the configuration. */
  config: ZodType<C>;
  /** The register for this deployment, or undefined when it cannot be served here (e.g. live without credentials). */
  create(ctx: RegisterContext, config: C): Register | undefined;
  feature?: FeatureGate;
  migrations?: RegisterMigrations;
  /** The native `record` format of `PUT /admin/sandbox/{code}/companies/{id}` (CONTRACT §5). */
  sandboxRecordSchema: ZodType;
  /** Its price catalogue (data). */
  catalogue: URL;
  /** Its mapping tables and other reference data (data files, checked to exist and parse). */
  referenceTables?: readonly URL[];
}

/** The configuration problem of each manifest whose variables do not parse, as `loadConfig` words them. */
export function parseRegisterConfigs(
  manifests: readonly RegisterManifest[],
  env: Readonly<Record<string, string | undefined>>,
): Map<RegisterManifest, unknown> {
  const parsed = new Map<RegisterManifest, unknown>();
  const problems: string[] = [];
  for (const m of manifests) {
    const result = m.config.safeParse(env);
    if (result.success) parsed.set(m, result.data);
    else problems.push(...result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`));
  }
  if (problems.length > 0) throw new Error(`invalid configuration:\n${problems.join('\n')}`);
  return parsed;
}

/** The registers of this deployment, in the order of the manifests. */
export function createRegisters(
  manifests: readonly RegisterManifest[],
  ctx: RegisterContext,
  env: Readonly<Record<string, string | undefined>>,
): Register[] {
  const configs = parseRegisterConfigs(manifests, env);
  return manifests.flatMap((m) => m.create(ctx, configs.get(m)) ?? []);
}

/** The migration sets of the registers' own tables, for the store's migration runner. */
export function migrationSetsOf(manifests: readonly RegisterManifest[]): { prefix: string; dir: URL; formerly?: Record<string, string> }[] {
  return manifests.flatMap((m) => (m.migrations ? [{ prefix: m.code.toLowerCase(), ...m.migrations }] : []));
}
