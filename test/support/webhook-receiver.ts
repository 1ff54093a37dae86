import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Wall-clock ms when it arrived. */
  at: number;
  /** How many times this path had received this webhook-id before, counting this one (1 = first). */
  nth: number;
  /** The status the receiver answered. */
  answered?: number;
}

/** `delayMs`: how long the receiver takes to answer (a slow customer endpoint); `body`: what it answers ('ok' unless given). */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number; body?: string };
/** How a path answers the nth receipt of a message id. */
export type Behaviour = (r: Received) => Answer;

/** A webhook receiver on loopback, port 0, answering per path; it records everything it gets. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  private readonly behaviours = new Map<string, Behaviour>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let self: WebhookReceiver | undefined;
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const path = req.url ?? '/';
        const id = String(req.headers['webhook-id'] ?? '');
        const nth = self!.received.filter((r) => r.path === path && r.id === id).length + 1;
        const r: Received = { path, id, headers: req.headers, body, at: Date.now(), nth };
        self!.received.push(r);
        const behaviour: Behaviour = self!.behaviours.get(path) ?? (() => ({ status: 200 }));
        const answer = behaviour(r);
        const reply = () => {
          r.answered = answer.status;
          res.writeHead(answer.status, answer.headers).end(answer.body ?? 'ok');
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new WebhookReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  on(path: string, behaviour: Behaviour): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The payload, when the delivery verifies with `secret` (standardwebhooks, as a receiver would); throws otherwise. */
export function verify(secret: string, r: Received): any {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
}
