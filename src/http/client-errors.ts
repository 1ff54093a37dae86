import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError } from '../shared/errors.ts';

/**
 * Requests that Node's HTTP parser refuses (headers over the size limit, a request line or header it cannot parse,
 * a request that timed out) never reach Fastify's routes or error handler. Fastify's own answer to them is its body
 * (`{"error":"Bad Request","message":"Client Error"}`) and keeps no `Connection: close`, so a client that reuses
 * the connection sent its next request into a closed socket. This answers in the contract's envelope and closes.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const apiError =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('invalid_request', 'the request headers (URL included) are too large', undefined, undefined, 431)
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('invalid_request', 'the request was not received in time', undefined, undefined, 408)
        : new ApiError('invalid_request', 'the request is not valid HTTP');
  const body = JSON.stringify(apiError.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${apiError.statusCode} ${STATUS_CODES[apiError.statusCode]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
