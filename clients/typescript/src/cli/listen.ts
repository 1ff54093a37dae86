import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegistrumClient } from '../index.ts';
import { verifyWebhook, type WebhookEvent } from '../webhooks.ts';

/**
 * `webhooks listen`: a temporary endpoint (a local server registered as the account's webhook endpoint, removed on
 * exit) whose deliveries are verified with its secret and forwarded, headers and raw body unchanged, to `forwardTo`.
 * Resolves when `signal` aborts. The service must reach this machine (sandbox: loopback is allowed).
 */
export async function listen(
  client: RegistrumClient,
  opts: { forwardTo?: string; host: string; publicUrl?: string; signal: AbortSignal; print: (line: string) => void },
): Promise<void> {
  let secret = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: WebhookEvent;
      try {
        event = verifyWebhook(body, req.headers, secret);
      } catch (err) {
        opts.print(`refused an unverified delivery: ${err instanceof Error ? err.message : String(err)}`);
        res.writeHead(400).end();
        return;
      }
      const id = String(req.headers['webhook-id']);
      if (!opts.forwardTo) {
        opts.print(`${event.type} ${id}`);
        res.writeHead(204).end();
        return;
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const h of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[h] = String(req.headers[h]);
      fetch(opts.forwardTo, { method: 'POST', headers, body }).then(
        (forwarded) => {
          opts.print(`${event.type} ${id} -> ${forwarded.status}`);
          // The service retries what the forward target did not take.
          res.writeHead(forwarded.ok ? 204 : 502).end();
        },
        (err: unknown) => {
          opts.print(`${event.type} ${id} -> failed: ${err instanceof Error ? err.message : String(err)}`);
          res.writeHead(502).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host, resolve));
  const port = (server.address() as AddressInfo).port;
  const url = opts.publicUrl ?? `http://${opts.host}:${port}/`;
  const endpoint = await client.webhookEndpoints.create({ url, description: 'registrum webhooks listen (temporary)' });
  secret = endpoint.secret;
  opts.print(`listening on ${url} as endpoint ${endpoint.id}${opts.forwardTo ? `, forwarding to ${opts.forwardTo}` : ''} (Ctrl-C to stop)`);
  try {
    await new Promise<void>((resolve) => {
      if (opts.signal.aborted) resolve();
      opts.signal.addEventListener('abort', () => resolve(), { once: true });
    });
  } finally {
    await client.webhookEndpoints.delete(endpoint.id).catch(() => undefined);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
