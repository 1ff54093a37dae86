import { STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';
import { ApiError } from '../shared/errors.ts';

type ConnectionConfig = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT' | 'HTTP_REQUEST_TIMEOUT' | 'HTTP_KEEP_ALIVE_TIMEOUT' | 'HTTP_IDLE_TIMEOUT' | 'MAX_CONNECTIONS_PER_ADDRESS'
>;

/**
 * Fastify's server options against slow and stalled clients. Fastify's defaults turn Node's request timeout off, so
 * a client sending half a body held its connection for ever. Headers must arrive within HTTP_HEADERS_TIMEOUT, the
 * whole request (body included) within HTTP_REQUEST_TIMEOUT, or the client gets a 408 in the envelope and the
 * connection is closed; a socket with no traffic for HTTP_IDLE_TIMEOUT is closed.
 */
export function httpServerOptions(config: ConnectionConfig) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT;
  // Node refuses a headers timeout longer than the request timeout: the request's limit includes its headers.
  const headersTimeout = requestTimeout > 0 ? Math.min(config.HTTP_HEADERS_TIMEOUT, requestTimeout) : config.HTTP_HEADERS_TIMEOUT;
  const shortest = Math.min(...[headersTimeout, requestTimeout].filter((t) => t > 0), 30_000);
  return {
    connectionTimeout: config.HTTP_IDLE_TIMEOUT,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT,
    requestTimeout,
    http: {
      headersTimeout,
      requestTimeout,
      // Node looks for expired requests every 30 s by default, which would let a 10 s limit run to 40 s.
      connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(shortest / 4))),
    },
    clientErrorHandler,
  };
}

/**
 * Answers what Node refuses before Fastify sees a request (request timeout, oversized headers, broken HTTP) in the
 * envelope (CONTRACT §3) instead of Fastify's own body, then closes the connection.
 */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'the request was not received in time; send the headers and the body without pausing']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'the request headers are too large']
        : [400, 'the request is not valid HTTP'];
  // As Node itself does: only when no answer to a request on this socket has started.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.end(rawResponse(status, new ApiError('invalid_request', message, undefined, undefined, status)), () => socket.destroy());
    return;
  }
  socket.destroy();
}

/**
 * At most `max` open connections per client address: one client cannot hold all the process's sockets. Those over
 * it are answered 429 (`rate_limited`) and closed before any request is read; the address's other connections
 * are untouched.
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      const err = new ApiError('rate_limited', `too many open connections from this address (at most ${max}); reuse or close some`);
      socket.end(rawResponse(429, err, { 'retry-after': '1' }), () => socket.destroy());
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** A whole HTTP/1.1 answer written straight to a socket that no request/response pair owns. */
function rawResponse(status: number, err: ApiError, headers: Record<string, string> = {}): string {
  const body = JSON.stringify(err.toBody());
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
