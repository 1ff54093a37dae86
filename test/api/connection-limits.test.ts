import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/** A raw TCP connection to the service: what it received so far, and whether the server closed it. */
class RawConnection {
  received = '';
  closed = false;
  private readonly socket: Socket;
  private readonly whenClosed: Promise<void>;
  private wake: () => void = () => {};

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect(Number(port), hostname);
    this.socket.on('data', (chunk) => {
      this.received += chunk.toString();
      this.wake();
    });
    this.socket.on('error', () => {});
    this.whenClosed = new Promise((resolve) =>
      this.socket.once('close', () => {
        this.closed = true;
        this.wake();
        resolve();
      }),
    );
  }

  ready(): Promise<void> {
    return new Promise((resolve) => (this.socket.connecting ? this.socket.once('connect', () => resolve()) : resolve()));
  }

  send(text: string): void {
    this.socket.write(text);
  }

  /** Waits for the server to close the connection; `limitMs` only bounds a test that would otherwise hang. */
  async untilClosed(limitMs: number): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the server kept the connection open for ${limitMs} ms`)), limitMs);
    });
    try {
      await Promise.race([this.whenClosed, limit]);
    } finally {
      clearTimeout(timer);
      // A failing test must not leave the connection holding the service open.
      this.close();
    }
    return this.received;
  }

  /** Reads one whole response (by Content-Length) after `from` characters received. */
  async response(from = 0): Promise<{ status: number; body: any; end: number }> {
    for (;;) {
      const text = this.received.slice(from);
      const head = text.indexOf('\r\n\r\n');
      if (head !== -1) {
        const length = Number(/content-length: (\d+)/i.exec(text.slice(0, head))?.[1] ?? 0);
        if (text.length >= head + 4 + length) {
          return {
            status: Number(text.slice(9, 12)),
            body: JSON.parse(text.slice(head + 4, head + 4 + length)),
            end: from + head + 4 + length,
          };
        }
      }
      if (this.closed) throw new Error(`connection closed after: ${text}`);
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

function bodyOf(raw: string): any {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('stalled requests are timed out', () => {
  let svc: TestService;
  let apiKey: string;
  before(async () => {
    svc = await startTestService({ HTTP_HEADERS_TIMEOUT: '300ms', HTTP_REQUEST_TIMEOUT: '600ms' });
    ({ apiKey } = await svc.newAccount());
  });
  after(() => svc.close());

  it('answers a request whose body stops halfway 408 in the envelope and closes the connection', async () => {
    const conn = new RawConnection(svc.url);
    await conn.ready();
    conn.send(
      `POST /v2/company HTTP/1.1\r\nhost: test\r\nx-api-key: ${apiKey}\r\ncontent-type: application/json\r\ncontent-length: 200\r\n\r\n{"id":"`,
    );
    const raw = await conn.untilClosed(10_000);
    assert.match(raw, /^HTTP\/1\.1 408 /);
    const body = bodyOf(raw);
    assert.equal(body.statusCode, 408);
    assert.equal(body.error.code, 'invalid_request');
  });

  it('closes a connection whose headers stop halfway', async () => {
    const conn = new RawConnection(svc.url);
    await conn.ready();
    conn.send('GET /v2/openapi.json HTTP/1.1\r\nhost: test\r\n');
    const raw = await conn.untilClosed(10_000);
    assert.match(raw, /^HTTP\/1\.1 408 /);
  });

  it('still serves a request sent at once', async () => {
    const res = await svc.call('GET', '/v2/billing/balance', { key: apiKey });
    assert.equal(res.status, 200);
  });
});

describe('open connections per client address', () => {
  const MAX = 3;
  let svc: TestService;
  const open: RawConnection[] = [];
  before(async () => {
    svc = await startTestService({ MAX_CONNECTIONS_PER_ADDRESS: String(MAX) });
  });
  after(async () => {
    for (const c of open) c.close();
    await svc.close();
  });

  const request = 'GET /v2/nope HTTP/1.1\r\nhost: test\r\n\r\n';

  it('refuses connections over the cap with 429 while the open ones keep working', async () => {
    for (let i = 0; i < MAX; i++) {
      const conn = new RawConnection(svc.url);
      open.push(conn);
      conn.send(request);
      // A full answer: the server has taken this connection.
      assert.equal((await conn.response()).status, 404);
    }
    const over = new RawConnection(svc.url);
    const raw = await over.untilClosed(10_000);
    assert.match(raw, /^HTTP\/1\.1 429 /);
    assert.equal(bodyOf(raw).error.code, 'rate_limited');

    const first = open[0]!;
    const before = first.received.length;
    first.send(request);
    assert.equal((await first.response(before)).status, 404, 'an open connection still works');

    // Once one closes, the address may open another.
    open.pop()!.close();
    await eventually(async () => {
      const conn = new RawConnection(svc.url);
      conn.send(request);
      const res = await conn.response().catch(() => undefined);
      if (res?.status !== 404) return false;
      open.push(conn);
      return true;
    });
  });
});
