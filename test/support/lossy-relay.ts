import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that breaks one connection at a chosen message, as a network does: after the
 * server received the message and before its answer came back (the statement runs and, on its own or with its COMMIT,
 * commits; the client only sees its connection end), or before the message reached the server at all.
 *
 * `breakAt(markers)`: the next message from the client whose bytes hold every marker (parameters' values: a Bind
 * message carries them in text) is passed on (`delivered`, the default) or not, nothing the server sends on that
 * connection afterwards is, and the connection is cut once the server has had `settleMs` to run what it received.
 * `silent`: only the server's side is cut (its backend ends); the client hears nothing, its connection open and mute
 * until the client closes it, as when the server's host went away or a failover left the old one behind.
 * `lateMs`: the client's side is cut at once and the message reaches the server this long after, as a packet still on
 * its way when the client heard of the break; the server's side is cut `settleMs` after that.
 */
export async function startLossyRelay(target: { host: string; port: number }, settleMs = 500) {
  let armed: { markers: Buffer[]; delivered: boolean; silent: boolean; lateMs: number; resolve(): void } | undefined;
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((client) => {
    accepted++;
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let broken = false;
    // After a break, what the client still sends is passed on only if the breaking message was (the rest of it, when
    // it spans chunks).
    let passing = true;
    let silenced = false;
    // A late message's server side outlives the client's.
    let late = false;
    client.on('data', (chunk) => {
      const breaking = !broken && armed?.markers.every((m) => chunk.includes(m)) ? armed : undefined;
      if (breaking) {
        broken = true;
        silenced = breaking.silent;
        passing = breaking.delivered;
        armed = undefined;
        if (breaking.lateMs > 0) {
          late = true;
          client.destroy();
          setTimeout(() => {
            upstream.write(chunk);
            setTimeout(() => (upstream.destroy(), breaking.resolve()), settleMs);
          }, breaking.lateMs);
          return;
        }
        setTimeout(() => {
          if (!breaking.silent) client.destroy();
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
      if (!late) upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close).on('error', close);
    // A silent break leaves the client's side to the client.
    upstream.on('close', () => (silenced ? sockets.delete(upstream) : close())).on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    /** Connections the relay has taken so far. */
    accepted: () => accepted,
    /** Resolves once the connection that carried the message is cut. */
    breakAt(markers: readonly string[], { delivered = true, silent = false, lateMs = 0 } = {}): Promise<void> {
      return new Promise((resolve) => {
        armed = { markers: markers.map((m) => Buffer.from(m)), delivered, silent, lateMs, resolve };
      });
    },
    async close(): Promise<void> {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
