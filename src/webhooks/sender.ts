import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { parseRetryAfter } from './schedule.ts';
import { refusedAddress, type UrlGuard } from './url-guard.ts';

export interface SendResult {
  /** A 2xx answer. */
  ok: boolean;
  responseStatus?: number;
  /** From the receiver's `Retry-After`, when it sent one. */
  retryAfterMs?: number;
  /** Why the attempt failed, for the delivery log. */
  error?: string;
}

export interface SenderOptions {
  /** Time for the whole exchange: connect, send, answer. */
  timeoutMs: number;
  userAgent: string;
}

/** What a receiver may answer before we stop reading: we only need the status. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs one signed message to one URL. Plain node:http rather than fetch, so that the connection goes through
 * the guard's `lookup` (the address actually dialled is checked) and redirects are never followed (a 3xx to an
 * internal address would otherwise bypass the guard): a 3xx counts as a failed attempt.
 */
export class WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  constructor(
    private readonly guard: UrlGuard,
    private readonly opts: SenderOptions,
  ) {}

  async post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { ok: false, error: 'the endpoint URL is not valid' };
    }
    const protocol = target.protocol as 'http:' | 'https:';
    const agent = this.agents[protocol];
    if (!agent) return { ok: false, error: `unsupported scheme ${target.protocol}` };
    // An IP literal is dialled without a lookup, so it is checked here.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const why = refusedAddress(host, this.guard.mode);
      if (why) return { ok: false, error: `refused: ${why}` };
    }
    const payload = Buffer.from(body);
    const client = protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = client.request(
        target,
        {
          method: 'POST',
          agent,
          lookup: this.guard.lookup as never,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(payload.length),
            'user-agent': this.opts.userAgent,
          },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const retryAfter = res.headers['retry-after'];
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_RESPONSE_BYTES) res.destroy();
          });
          const done = () =>
            finish({
              ok: status >= 200 && status < 300,
              responseStatus: status,
              retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
              ...(status >= 200 && status < 300 ? {} : { error: `the endpoint answered ${status}` }),
            });
          res.on('end', done);
          res.on('close', done);
          res.on('error', done);
        },
      );
      const timer = setTimeout(() => {
        req.destroy();
        finish({ ok: false, error: `no answer within ${this.opts.timeoutMs} ms` });
      }, this.opts.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        finish({ ok: false, error: err.code === 'EWEBHOOKGUARD' ? err.message : `request failed: ${err.code ?? err.message}` });
      });
      req.end(payload);
    });
  }

  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }
}
