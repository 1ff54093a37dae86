import { isIP } from 'node:net';
import { Agent } from 'undici';
import { parseRetryAfter } from './schedule.ts';
import { refusedAddress, type UrlGuard } from './url-guard.ts';

export interface SendResult {
  /** A 2xx answer. */
  ok: boolean;
  responseStatus?: number;
  /** From the receiver's `Retry-After`, when it sent one. */
  retryAfterMs?: number;
  /** Why the attempt failed, for the delivery log. */
  error?: string;
  /** The start of what the receiver answered (RESPONSE_EXCERPT_BYTES, as text), for the delivery log; absent when empty. */
  responseBody?: string;
}

export interface SenderOptions {
  /** Time for the whole exchange: connect, send, answer. */
  timeoutMs: number;
  userAgent: string;
}

/** What a receiver may answer before we stop reading (a longer answer closes the connection instead of reusing it). */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** The start of the answer kept for the delivery log: enough for an error message, small enough to keep per attempt. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** Connections kept per receiver origin; attempts beyond wait for one. */
const CONNECTIONS_PER_ORIGIN = 64;
/** Parsed targets remembered (endpoint URLs are few and repeat for every message). */
const TARGET_CACHE_SIZE = 1000;

/** undici's own limits, set to the same time as the overall one: the same outcome. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Where a URL is POSTed, or why it is not. */
type Target = { origin: string; path: string; authorization?: string } | { refused: string };

/**
 * POSTs one signed message to one URL, with undici's connection pools (keep-alive, per origin): about half the
 * CPU of node:http per request, which is most of what a delivery costs. Connections are opened through the
 * guard's `lookup` (the address actually dialled is checked) and redirects are never followed (a 3xx to an
 * internal address would otherwise bypass the guard): a 3xx counts as a failed attempt.
 */
export class WebhookSender {
  private readonly dispatcher: Agent;
  private readonly targets = new Map<string, Target>();

  constructor(
    private readonly guard: UrlGuard,
    private readonly opts: SenderOptions,
  ) {
    this.dispatcher = new Agent({
      connections: CONNECTIONS_PER_ORIGIN,
      connect: { lookup: guard.lookup as never, timeout: opts.timeoutMs },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const target = this.target(url);
    if ('refused' in target) return { ok: false, error: target.refused };
    // The whole exchange, including a wait for a free connection, is bounded by one timer.
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.opts.timeoutMs);
    try {
      const res = await this.dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'user-agent': this.opts.userAgent,
          ...(target.authorization ? { authorization: target.authorization } : {}),
        },
        body,
        signal: abort.signal,
      });
      // Read a short answer to its end so that the connection is reused (a long one closes it), keeping its start.
      const responseBody = await readExcerpt(res.body).catch(() => undefined);
      if (timedOut) return { ok: false, error: `no answer within ${this.opts.timeoutMs} ms` };
      const status = res.statusCode;
      const retryAfter = res.headers['retry-after'];
      const ok = status >= 200 && status < 300;
      return {
        ok,
        responseStatus: status,
        retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
        ...(ok ? {} : { error: `the endpoint answered ${status}` }),
        ...(responseBody ? { responseBody } : {}),
      };
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (timedOut || TIMEOUT_CODES.has(e.code!)) return { ok: false, error: `no answer within ${this.opts.timeoutMs} ms` };
      return { ok: false, error: e.code === 'EWEBHOOKGUARD' ? e.message : `request failed: ${e.code ?? e.message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the connections; attempts still running fail. */
  async close(): Promise<void> {
    await this.dispatcher.destroy();
  }

  /** The origin and path of a URL, checked once: the scheme, and an IP literal against the guard (a name is checked when dialled). */
  private target(url: string): Target {
    let target = this.targets.get(url);
    if (target) return target;
    target = parseTarget(url, this.guard);
    if (this.targets.size >= TARGET_CACHE_SIZE) this.targets.clear();
    this.targets.set(url, target);
    return target;
  }
}

/**
 * The first RESPONSE_EXCERPT_BYTES of a response body as UTF-8 text, reading on (and dropping) up to
 * MAX_RESPONSE_BYTES so that the connection can be reused; past that the stream is destroyed (the connection closes).
 * A character cut at the end is dropped, and NULs are removed (a PostgreSQL text column refuses them).
 */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | undefined> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (keptBytes < RESPONSE_EXCERPT_BYTES) {
      const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    if (total > MAX_RESPONSE_BYTES) {
      body.destroy();
      break;
    }
  }
  if (!keptBytes) return undefined;
  const text = new TextDecoder('utf-8').decode(Buffer.concat(kept), { stream: true }).replaceAll('\u0000', '');
  return text || undefined;
}

function parseTarget(url: string, guard: UrlGuard): Target {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { refused: 'the endpoint URL is not valid' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { refused: `unsupported scheme ${parsed.protocol}` };
  // An IP literal is dialled without a lookup, so it is checked here.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = refusedAddress(host, guard.mode);
    if (why) return { refused: `refused: ${why}` };
  }
  // Credentials in the URL are sent as basic authentication, as node:http does.
  const authorization =
    parsed.username || parsed.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
      : undefined;
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}`, ...(authorization ? { authorization } : {}) };
}
