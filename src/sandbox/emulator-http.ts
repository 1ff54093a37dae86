import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { text as readText } from 'node:stream/consumers';

/**
 * What the registers' emulators share: they listen on loopback ports that never keep the process alive, and most
 * speak JSON.
 */

/** Listens on a free loopback port; returns it. The server never keeps the process alive. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.unref();
  return (server.address() as AddressInfo).port;
}

/**
 * An HTTP emulator on a free loopback port: idle keep-alive connections never keep the process alive, and closing
 * drops them so the close does not wait for them. A handler that throws answers `onError`'s status and body.
 */
export async function serveOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (err: Error) => { status: number; body: unknown },
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      const { status, body } = onError(err as Error);
      sendJson(res, status, body);
    });
  });
  server.on('connection', (socket) => socket.unref());
  server.keepAliveTimeout = 1000;
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => closeServer(server),
  };
}

/**
 * Stops listening and drops every connection, idle or mid-answer: a close would otherwise wait for answers that
 * are still sleeping out a register's latency, and their sockets would keep the process alive.
 */
export async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // HTTP servers (the JE mailbox is plain TCP and ends its sessions itself).
  if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function') server.closeAllConnections();
  await closed;
}

export function sendJson(res: ServerResponse, status: number, data: unknown): void {
  const payload = Buffer.from(JSON.stringify(data), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': payload.length });
  res.end(payload);
}

/** A JSON object body (an empty body is an empty object); `malformed` is what to throw for anything else. */
export async function readJsonObject(req: IncomingMessage, malformed: () => Error): Promise<Record<string, unknown>> {
  const raw = (await readText(req)).trim();
  let parsed: unknown = {};
  try {
    if (raw) parsed = JSON.parse(raw);
  } catch {
    throw malformed();
  }
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/**
 * The loopback server skeleton of the registers' HTTP emulators: `start` listens on a free loopback port (never
 * keeping the process alive) and gives the base URL; `stop` aborts `lifetime`, so latency sleeps end with the
 * emulator instead of holding the process for minutes, and drops every connection. A subclass answers `handle`.
 */
export abstract class LoopbackEmulator {
  private server: Server | undefined;
  /** Aborted at stop. */
  protected lifetime = new AbortController();

  protected abstract handle(req: IncomingMessage, res: ServerResponse): Promise<void>;

  /** Starts listening on a free loopback port; returns the base URL. */
  protected async listen(): Promise<string> {
    this.lifetime = new AbortController();
    this.server = createServer((req, res) => void this.handle(req, res));
    return `http://127.0.0.1:${await listenOnLoopback(this.server)}`;
  }

  async stop(): Promise<void> {
    this.lifetime.abort(new Error('the emulator stopped'));
    const server = this.server;
    this.server = undefined;
    await closeServer(server);
  }
}
