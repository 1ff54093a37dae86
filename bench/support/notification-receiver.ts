// A loopback receiver of `monitor.notification` webhooks for the monitor benchmark: verifies every signature with
// the `standardwebhooks` library (one secret per path, one path per account), counts distinct messages, and keeps
// what each notification says by company so that the benchmark can compare it with what it expects.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedNotification {
  monitorId: string;
  companyId: string;
  changeCategories: string[];
  deactivated: boolean;
}

export class NotificationReceiver {
  private readonly verifiers = new Map<string, Webhook>();
  private readonly messageIds = new Set<string>();
  /** Distinct messages by company. */
  readonly byCompany = new Map<string, ReceivedNotification[]>();
  received = 0;
  badSignatures = 0;
  /** Messages that were not a monitor notification. */
  otherEvents = 0;
  /** performance.now() of the last receipt. */
  lastAt = 0;

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    readonly url: string,
  ) {}

  static async start(): Promise<NotificationReceiver> {
    let self: NotificationReceiver | undefined;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        self!.take(req.url ?? '/', req.headers as Record<string, string>, Buffer.concat(chunks).toString('utf8'));
        res.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    self = new NotificationReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  /** The secret deliveries to `path` are signed with. */
  expect(path: string, secret: string): void {
    this.verifiers.set(path, new Webhook(secret));
  }

  /** Distinct messages received. */
  get distinct(): number {
    return this.messageIds.size;
  }

  private take(path: string, headers: Record<string, string>, body: string): void {
    this.received++;
    this.lastAt = performance.now();
    let payload: any;
    try {
      payload = this.verifiers.get(path)!.verify(body, headers);
    } catch {
      this.badSignatures++;
      payload = JSON.parse(body);
    }
    const id = String(headers['webhook-id']);
    if (this.messageIds.has(id)) return;
    this.messageIds.add(id);
    if (payload?.type !== 'monitor.notification') {
      this.otherEvents++;
      return;
    }
    const n: ReceivedNotification = {
      monitorId: payload.monitorId,
      companyId: payload.companyId,
      changeCategories: payload.changeCategories,
      deactivated: payload.monitorHasBeenDeactivated,
    };
    const list = this.byCompany.get(n.companyId);
    if (list) list.push(n);
    else this.byCompany.set(n.companyId, [n]);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
