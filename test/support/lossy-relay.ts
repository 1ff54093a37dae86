import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that breaks one connection at a chosen message, as a network does: after the
 * server received the message and before its answer came back (the statement runs and, on its own or with its COMMIT,
 * commits; the client only sees its connection end), or before the message reached the server at all.
 *
 * `breakAt(markers)`: the next message from the client whose bytes hold every marker (parameters' values: a Bind
 * message carries them in text) is passed on (`delivered`, the default) or not, nothing the server sends on that
 * connection afterwards is, and the connection is cut once the server has had `settleMs` to run what it received.
 */
export async function startLossyRelay(target: { host: string; port: number }, settleMs = 500) {
  let armed: { markers: Buffer[]; delivered: boolean; resolve(): void } | undefined;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let broken = false;
    // After a break, what the client still sends is passed on only if the breaking message was (the rest of it, when
    // it spans chunks).
    let passing = true;
    client.on('data', (chunk) => {
      const breaking = !broken && armed?.markers.every((m) => chunk.includes(m)) ? armed : undefined;
      if (breaking) {
        broken = true;
        passing = breaking.delivered;
        armed = undefined;
        setTimeout(() => {
          client.destroy();
          upstream.destroy();
          breaking.resolve();
        }, settleMs);
      }
      if (passing) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!broken) client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Resolves once the connection that carried the message is cut. */
    breakAt(markers: readonly string[], { delivered = true } = {}): Promise<void> {
      return new Promise((resolve) => {
        armed = { markers: markers.map((m) => Buffer.from(m)), delivered, resolve };
      });
    },
    async close(): Promise<void> {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
