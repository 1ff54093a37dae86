import type { FastifyInstance } from 'fastify';
import { ApiError } from '../shared/errors.ts';

/** Where `rewriteUrl` sends a request whose URL cannot be decoded: a route that answers 400 in the envelope. */
const MALFORMED_URL_ROUTE = '/__malformed-url';
/** Where `rewriteUrl` sends a request with a path segment longer than the router takes. */
const LONG_SEGMENT_ROUTE = '/__long-path-segment';

/**
 * The router's limit on one path parameter (Fastify's `maxParamLength`), as sent (percent-encoded). Above it, Fastify
 * answered 414 in its own body with its internal code (FST_ERR_MAX_PARAM_LENGTH); the guard answers first. It is
 * well above every id's own limit, so an id that is merely too long reaches its zod schema and is named there.
 */
export const MAX_PATH_SEGMENT = 1024;

/**
 * Fastify's own answer to a path with broken percent-encoding (FST_ERR_BAD_URL) is sent before any hook runs, in
 * Fastify's body and without rate-limit headers. Rewriting such a URL to a route of ours keeps the request in the
 * normal pipeline (rate limits, error envelope). A NUL character is refused the same way: PostgreSQL cannot store
 * it in text, so it would otherwise surface as a 500 deep in a query.
 */
export function rewriteMalformedUrl(req: { url?: string }): string {
  const url = req.url ?? '/';
  if (!isDecodable(url)) return MALFORMED_URL_ROUTE;
  const path = url.split('?', 1)[0] ?? '';
  return path.split('/').some((segment) => segment.length > MAX_PATH_SEGMENT) ? LONG_SEGMENT_ROUTE : url;
}

function isDecodable(url: string): boolean {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  try {
    const parts = [decodeURIComponent(path), ...query.split('&').map((p) => decodeURIComponent(p.replace(/\+/g, ' ')))];
    return !parts.some((p) => p.includes('\0'));
  } catch {
    return false;
  }
}

export function installRequestGuards(app: FastifyInstance): void {
  app.all(MALFORMED_URL_ROUTE, { schema: { hide: true } }, async () => {
    throw new ApiError('invalid_request', 'the request URL is malformed (invalid percent-encoding or a NUL character)');
  });
  app.all(LONG_SEGMENT_ROUTE, { schema: { hide: true } }, async () => {
    throw new ApiError('invalid_request', `a segment of the request path is longer than ${MAX_PATH_SEGMENT} characters`);
  });
  // Only JSON bodies are accepted (spec §4): without Fastify's text/plain parser, any other media type is a 415.
  app.removeContentTypeParser('text/plain');
  // Fastify's own JSON parser (prototype-poisoning protection included), plus the string checks below.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    parseJson(req, body as string, (err: Error | null, value?: unknown) => {
      if (err) return done(err);
      const problem = unstorableString(value);
      if (problem) return done(new ApiError('invalid_request', `the request body must not contain ${problem}`));
      done(null, value);
    }),
  );
}

/** An unpaired UTF-16 surrogate: JSON can carry one (`"\ud800"`), UTF-8 cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What PostgreSQL cannot store, in any string (key or value) of a parsed body: a NUL (`\u0000`) in text, and a lone
 * surrogate (`\ud800`), which jsonb refuses ("Unicode low surrogate must follow a high surrogate") and text turns
 * into U+FFFD. Both were 500s deep in a query (sandbox records, monitor metadata); refused here as input instead.
 * Iterative, so that a deeply nested body cannot overflow the stack.
 */
export function unstorableString(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    const strings = typeof v === 'string' ? [v] : v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : [];
    for (const s of strings) {
      if (s.includes('\0')) return 'NUL characters (\\u0000)';
      if (LONE_SURROGATE.test(s)) return 'unpaired UTF-16 surrogates (such as \\ud800): strings must be well-formed Unicode';
    }
    // A loop, not push(...items): a 256 KB body can hold more items than a call takes arguments.
    if (v && typeof v === 'object') for (const item of Array.isArray(v) ? v : Object.values(v)) pending.push(item);
  }
  return undefined;
}
