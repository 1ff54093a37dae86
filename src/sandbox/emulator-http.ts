import type { IncomingMessage, ServerResponse } from 'node:http';
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

export async function closeServer(server: Server | undefined): Promise<void> {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
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
