import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A Server-Sent Events response: its headers go out at once (a search of minutes otherwise sends nothing, and
 * proxies cut an idle connection), a `: keep-alive` comment every `heartbeatMs` while nothing else is sent, and the
 * signal aborts when the client goes away, which cancels the register work behind it.
 */
export interface EventStream {
  event(name: string, data: unknown): void;
  readonly signal: AbortSignal;
  close(): void;
}

/** Whether a search asks for a stream, read from the raw query too (a query that fails validation still does). */
export function wantsEventStream(req: FastifyRequest): boolean {
  const stream = String((req.query as { stream?: unknown } | undefined)?.stream ?? '');
  if (stream) return stream === 'true';
  return req.headers.accept === 'text/event-stream';
}

export function openEventStream(reply: FastifyReply, heartbeatMs: number): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // The rate-limit headers already set.
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  const gone = new AbortController();
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), heartbeatMs);
  raw.on('close', () => {
    clearInterval(heartbeat);
    gone.abort();
  });
  return {
    signal: gone.signal,
    event(name, data) {
      if (!raw.writableEnded) raw.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      clearInterval(heartbeat);
      if (!raw.writableEnded) raw.end();
    },
  };
}
