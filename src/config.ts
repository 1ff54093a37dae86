import { z } from 'zod';

/** Parses "5s", "30m", "2h", "1d", "250ms" or a bare number of milliseconds. */
export function parseDuration(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(text);
  if (!m) throw new Error(`not a duration: "${text}"`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return Math.round(Number(m[1]) * unit);
}

export const duration = z.string().transform((text, ctx) => {
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

export const intFromEnv = (dflt: number) => z.coerce.number().int().nonnegative().default(dflt);

/** The environment of the service (CONTRACT §1) but the registers' own variables, parsed once at start. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  /** With DATABASE_URL: the schema of the service's tables (default: the database's search path). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  /**
   * With DATABASE_URL: a connection held this long is looked up on the server, and closed if its backend is gone (a
   * server that went away without closing it: src/store/postgres-liveness.ts); `0`: never.
   */
  DATABASE_CONNECTION_CHECK_AFTER: z.string().default('10s').pipe(duration),
  DATA_DIR: z.string().default('./.data'),
  ADMIN_TOKEN: z.string().min(1).optional(),
  BOOTSTRAP_API_KEY: z.string().min(16).optional(),
  BOOTSTRAP_CREDITS: intFromEnv(100_000_000),
  /** The first start's dashboard owner: the e-mail they sign in with after following the printed set-up link. */
  BOOTSTRAP_OWNER_EMAIL: z.string().trim().toLowerCase().email().default('owner@example.com'),
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
  /**
   * A socket without any traffic for this long is closed (a slow answer being prepared counts as none): longer than
   * the slowest answer the service prepares in one go (a register search without streaming may take 3 minutes).
   */
  HTTP_IDLE_TIMEOUT: z.string().default('5m').pipe(duration),
  /** Open connections one client address may hold; those over it are answered 429 and closed. */
  MAX_CONNECTIONS_PER_ADDRESS: intFromEnv(100),
  /** Largest accepted request body, in bytes. */
  BODY_LIMIT_BYTES: intFromEnv(256 * 1024),
  /** Key that signs document download URLs; random per start when unset (URLs then die with the process). */
  URL_SIGNING_SECRET: z.string().min(16).optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /**
   * What this process does (README "Topology"): `api` serves HTTP and sends jobs, `worker` runs jobs (and answers
   * only /healthz, /readyz, /metrics), `all` both. Several processes of each share one PostgreSQL.
   */
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  /** When set, `/metrics` is served without a token on this separate address only (keep it off the public network). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * `on` (the test suite): every response is also serialised by zod's encode and must carry the same JSON as the
   * compiled serialiser's (src/http/serializer.ts); a difference is a 500.
   */
  RESPONSE_SERIALIZER_CHECK: z.enum(['on', 'off']).default('off'),
  /**
   * `on`: before it listens, the process reads the reference lists and compiles the request path's response
   * serialisers (src/wiring/warm-up.ts), so that its first requests do not pay for them; `off` leaves both to the
   * first request that needs them (a faster start, for a process that serves few requests).
   */
  WARM_UP: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DOCUMENT_URL_TTL: z.string().default('1h').pipe(duration),
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

export type Config = z.infer<typeof configSchema> & {
  /**
   * The environment as read (empty variables left out): each register validates its own variables from it
   * (its manifest's `config`, registers/manifest.ts), so this schema names no register.
   */
  env: Readonly<Record<string, string>>;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as a shell user expects from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, env: cleaned as Record<string, string> };
}
