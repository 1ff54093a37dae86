import type { AddressInfo, Server } from 'node:net';

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
