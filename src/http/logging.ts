import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential: a signed document URL (`signature`, with its `expires`) downloads the
 * document without an API key until it expires, so whoever reads the logs must not see one whole.
 */
const CREDENTIAL_PARAMS = ['signature', 'expires', 'token', 'access_token', 'api_key', 'apikey', 'key', 'secret', 'password'];
const CREDENTIAL_QUERY = new RegExp(`([?&](?:${CREDENTIAL_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** Credential-bearing headers, and fields of bodies that hold secrets (webhook secrets, created API keys). */
const CREDENTIAL_HEADERS = ['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
const CREDENTIAL_FIELDS = ['secret', 'secrets', 'apiKey', 'password'];
const URL_FIELDS = new Set(['url', 'originalUrl']);

const REDACTED = '[redacted]';

/** A dashboard set-up link carries its one-time token in the path: `/dashboard/setup/<token>`. */
const SETUP_PATH = /(\/dashboard\/setup\/)[^/?#]+/g;

/** `/v2/files/f1?expires=…&signature=…` → `/v2/files/f1?expires=[redacted]&signature=[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(CREDENTIAL_QUERY, `$1${REDACTED}`).replace(SETUP_PATH, `$1${REDACTED}`);
}

const CREDENTIAL_HEADER_SET = new Set(CREDENTIAL_HEADERS);
const CREDENTIAL_FIELD_SET = new Set(CREDENTIAL_FIELDS);
/** How deep credentials are looked for: `secret`, `endpoint.secret`, `endpoint.body.secret`. */
const MAX_DEPTH = 2;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

function redactHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const name in headers) {
    if (CREDENTIAL_HEADER_SET.has(name.toLowerCase())) (copy ??= { ...headers })[name] = REDACTED;
  }
  return copy ?? headers;
}

/**
 * A log line's object with its credentials redacted: secret fields replaced whole, URLs without their credential
 * parameters, credential headers of any `headers` object, down to `MAX_DEPTH` objects deep. The object is returned
 * as it is when it holds none (the usual case: no copy), and copied where it does (the caller's object is not
 * changed). A walk over the line's own keys: pino's path-based redaction ran a wildcard stringifier over every value
 * of every line, about 7 % of a search's busy CPU.
 */
export function redactCredentials(obj: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in obj) {
    const value = obj[key];
    let redacted = value;
    if (CREDENTIAL_FIELD_SET.has(key)) redacted = REDACTED;
    else if (typeof value === 'string') redacted = URL_FIELDS.has(key) ? redactUrl(value) : value;
    else if (isPlainObject(value)) {
      redacted = key === 'headers' ? redactHeaders(value) : depth < MAX_DEPTH ? redactCredentials(value, depth + 1) : value;
    }
    if (redacted !== value) (copy ??= { ...obj })[key] = redacted;
  }
  return copy ?? obj;
}

/**
 * The service's logger options: the caller's (level, stream) with credentials redacted wherever they would appear:
 * request URLs (Fastify logs each request's URL at info level), headers and bodies if a log line carries them.
 */
export function loggerOptions(logger: boolean | object | undefined): false | object {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as { serializers?: object });
  return {
    ...base,
    // URLs keep their path (what was asked for); anything else redacted is replaced whole.
    formatters: { log: redactCredentials },
    serializers: {
      ...base.serializers,
      // Fastify's own request serializer, with the URL's credentials redacted.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
