import { z } from 'zod';

/** Parses "5s", "30m", "2h", "1d", "250ms" or a bare number of milliseconds. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new Error(`not a duration: "${text}"`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return Math.round(Number(m[1]) * unit);
}

const duration = z.string().transform((text, ctx) => {
  try {
    return parseDuration(text);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

/** Comma-separated durations, e.g. `0,5s,5m`. */
const durationList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) => s.split(','))
    .pipe(z.array(duration));

const intFromEnv = (dflt: number) => z.coerce.number().int().nonnegative().default(dflt);

/** The whole environment of the service (CONTRACT §1), parsed once at start. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** With DATABASE_URL: the schema of the service's tables (default: the database's search path). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  DATA_DIR: z.string().default('./.data'),
  ADMIN_TOKEN: z.string().min(1).optional(),
  BOOTSTRAP_API_KEY: z.string().min(16).optional(),
  BOOTSTRAP_CREDITS: intFromEnv(100_000_000),
  REGISTERS: z.enum(['sandbox', 'live']).default('sandbox'),
  SANDBOX_LATENCY: z.enum(['none', 'fast', 'realistic']).default('fast'),
  ONBOARDING_DEADLINE_MS: intFromEnv(10_000),
  /**
   * How long a process's lease outlives its last heartbeat (renewed every third of it): the work of a process that
   * died is taken over by the others this long after its death (onboarding work once its deadline has passed too).
   */
  LEASE_TTL: z.string().default('15s').pipe(duration),
  VERIFICATION_RETRY_WINDOW_MS: intFromEnv(3_600_000),
  WEBHOOK_RETRY_SCHEDULE: durationList('0,5s,5m,30m,2h,5h,10h,10h,14h,20h'),
  /** How long finished webhook messages, their deliveries and attempts are kept (by the service clock); 0: for ever. */
  WEBHOOK_LOG_RETENTION: z.string().default('90d').pipe(duration),
  /** Monitors: time between two checks of a company (by the service clock), and how often each process looks. */
  MONITOR_CHECK_EVERY: z.string().default('24h').pipe(duration),
  MONITOR_SWEEP_EVERY: z.string().default('1m').pipe(duration),
  /** Delays before re-checking after a register error; once used up, the day's check is `error_final`. */
  MONITOR_RETRY_SCHEDULE: durationList('15m,1h,4h'),
  /** One check's limit at the register (CN answers in minutes). */
  MONITOR_CHECK_TIMEOUT_MS: intFromEnv(10 * 60_000),
  /** Checks one process runs side by side. */
  MONITOR_CONCURRENCY: intFromEnv(4),
  /** The schema of the job engine's tables (pg-boss). */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .default('pgboss'),
  /** Between `: keep-alive` comments of a streamed search (GET /v2/search with stream=true); at least 10 ms, never a busy loop. */
  SEARCH_HEARTBEAT_MS: z.coerce.number().int().min(10).default(15_000),
  /** Requests per minute per API key. */
  RATE_LIMIT_PER_MINUTE: intFromEnv(600),
  /**
   * Units per minute per client address, spent before authentication: a request costs one, a failed authentication
   * ten (src/http/address-rate-limit.ts), so guessing keys or the operator token is slowed down.
   */
  RATE_LIMIT_PER_ADDRESS_PER_MINUTE: intFromEnv(1200),
  /** Slow or stalled clients (src/http/connections.ts): time to send the headers, the whole request, and idle limits. */
  HTTP_HEADERS_TIMEOUT: z.string().default('10s').pipe(duration),
  HTTP_REQUEST_TIMEOUT: z.string().default('30s').pipe(duration),
  /** Longer than a load balancer's idle timeout (often 60 s), so the balancer closes an idle connection first. */
  HTTP_KEEP_ALIVE_TIMEOUT: z.string().default('72s').pipe(duration),
  /** A socket without any traffic for this long is closed (a slow answer being prepared counts as none). */
  HTTP_IDLE_TIMEOUT: z.string().default('2m').pipe(duration),
  /** Open connections one client address may hold; those over it are answered 429 and closed. */
  MAX_CONNECTIONS_PER_ADDRESS: intFromEnv(100),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT_BYTES: intFromEnv(256 * 1024),
  /** Key that signs document download URLs; random per start when unset (URLs then die with the process). */
  URL_SIGNING_SECRET: z.string().min(16).optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DOCUMENT_URL_TTL: z.string().default('1h').pipe(duration),
  /** CN live mode: the national enterprise credit information portal (registers/cn.md). */
  CN_PORTAL_URL: z.string().url().default('https://www.gsxt.gov.cn'),
  /**
   * MT live mode: the business registry's online system and the connector's account there (login with a TOTP
   * second factor, registers/mt.md). MT is served in live mode only when username, password and secret are all set.
   */
  MT_REGISTRY_URL: z.string().url().default('https://register.mbr.mt'),
  MT_USERNAME: z.string().min(1).optional(),
  MT_PASSWORD: z.string().min(1).optional(),
  /** The base32 secret of the account's TOTP enrolment. */
  MT_TOTP_SECRET: z
    .string()
    .regex(/^[A-Za-z2-7\s=-]+$/, 'a base32 secret (letters A-Z, digits 2-7)')
    .optional(),
  /**
   * GB live mode: Companies House's Public Data API and Document API, and the connector's API key (registers/gb.md).
   * GB is served in live mode only with a key.
   */
  GB_API_URL: z.string().url().default('https://api.company-information.service.gov.uk'),
  GB_DOCUMENT_API_URL: z.string().url().default('https://document-api.company-information.service.gov.uk'),
  GB_API_KEY: z.string().min(1).optional(),
  /** GB live mode: the Streaming API (change events for monitors) and its stream key (default: GB_API_KEY). */
  GB_STREAM_URL: z.string().url().default('https://stream.companieshouse.gov.uk'),
  GB_STREAM_KEY: z.string().min(1).optional(),
  /** JE live mode: the Jersey Financial Services Commission's registry website (registers/je.md §1). */
  JE_REGISTRY_URL: z.string().url().default('https://www.jerseyfsc.org'),
  /**
   * JE live mode: the mailbox entity profile reports are e-mailed to (registers/je.md §2), read over POP3 (RFC 1939),
   * over TLS unless JE_MAILBOX_TLS=false. Without host, user, password and JE_REPORT_EMAIL only the public data is served.
   */
  JE_REPORT_EMAIL: z.string().email().optional(),
  JE_MAILBOX_HOST: z.string().min(1).optional(),
  JE_MAILBOX_PORT: z.coerce.number().int().min(1).max(65535).default(995),
  JE_MAILBOX_TLS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JE_MAILBOX_USER: z.string().min(1).optional(),
  JE_MAILBOX_PASSWORD: z.string().min(1).optional(),
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
  /**
   * Tax-ID verification (`company.taxId.verification`): `auto` runs the verifiers this deployment can run (sandbox:
   * the emulated HMRC and VIES; live: those configured below), `off` none.
   */
  TAX_VERIFICATION: z.enum(['auto', 'off']).default('auto'),
  /** One attempt's limit at a tax authority (onboarding asks once, verification up to three times). */
  TAX_VERIFICATION_TIMEOUT_MS: intFromEnv(3000),
  /** Live mode: HMRC's "Check a UK VAT number" API v2; it runs only when the application's client id and secret are set. */
  HMRC_VAT_API_URL: z.string().url().default('https://api.service.hmrc.gov.uk'),
  HMRC_CLIENT_ID: z.string().min(1).optional(),
  HMRC_CLIENT_SECRET: z.string().min(1).optional(),
  /** Our own UK VRN: HMRC then answers a consultation number with each check. */
  HMRC_VAT_REQUESTER_VRN: z
    .string()
    .regex(/^(GB)?\s*(\d\s*){9}((\d\s*){3})?$/i, 'a UK VAT number: 9 or 12 digits, GB prefix optional')
    .optional(),
  /** Live mode: the VIES REST API (https://ec.europa.eu/taxation_customs/vies/rest-api); VIES runs only when set. */
  VIES_API_URL: z.string().url().optional(),
  /** Our own EU VAT number with its member state (e.g. LU12345613): VIES then answers a request identifier. */
  VIES_REQUESTER_VAT: z
    .string()
    .regex(/^[A-Za-z]{2}\s*[0-9A-Za-z+*\s]{2,14}$/, 'an EU VAT number with its member-state prefix')
    .optional(),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as a shell user expects from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
