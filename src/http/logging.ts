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

const redactPaths = [
  ...CREDENTIAL_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...CREDENTIAL_FIELDS.flatMap((f) => [f, `*.${f}`, `*.body.${f}`]),
  ...[...URL_FIELDS].flatMap((f) => [f, `*.${f}`]),
];

/**
 * The service's logger options: the caller's (level, stream) with credentials redacted wherever they would appear:
 * request URLs (Fastify logs each request's URL at info level), headers and bodies if a log line carries them.
 */
export function loggerOptions(logger: boolean | object | undefined): false | object {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as { serializers?: object });
  return {
    ...base,
    redact: {
      paths: redactPaths,
      // URLs keep their path (what was asked for); anything else redacted is replaced whole.
      censor: (value: unknown, path: string[]) =>
        typeof value === 'string' && URL_FIELDS.has(path[path.length - 1] ?? '') ? redactUrl(value) : REDACTED,
    },
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
