import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { RegisterError } from '../../errors.ts';

/** Where the report mailbox is and how to log in (live: JE_MAILBOX_*; sandbox: the emulator's mailbox). */
export interface MailboxConfig {
  host: string;
  port: number;
  /** POP3 over TLS from the first byte (port 995, RFC 8314); plain TCP otherwise (the loopback emulator). */
  tls: boolean;
  user: string;
  password: string;
}

const SOURCE = 'JE report mailbox (POP3)';
const COMMAND_TIMEOUT_MS = 30_000;

/** The maildrop is locked by another session (RFC 2449 `[IN-USE]`): try again shortly. */
export class MailboxBusy extends Error {}

/**
 * A POP3 client (RFC 1939) for one session: greeting, USER/PASS, then UIDL, RETR, DELE and QUIT. Lines are read as
 * latin1 so that message bytes pass unchanged; multi-line answers are un-byte-stuffed. Transport failures and time-outs
 * are `service_unavailable` (retryable); refused credentials are not retryable; a locked maildrop is MailboxBusy.
 */
export class Pop3Session {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: { resolve: (line: string) => void; reject: (err: Error) => void } | undefined;
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.setTimeout(COMMAND_TIMEOUT_MS, () => socket.destroy(RegisterError.unavailable('the report mailbox stopped answering', SOURCE)));
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      for (let i = this.buffer.indexOf('\r\n'); i >= 0; i = this.buffer.indexOf('\r\n')) {
        this.lines.push(this.buffer.slice(0, i));
        this.buffer = this.buffer.slice(i + 2);
      }
      this.wake();
    });
    const fail = (err?: Error) => {
      this.failure ??=
        err instanceof RegisterError
          ? err
          : RegisterError.unavailable(`the report mailbox connection failed: ${err?.message ?? 'closed'}`, SOURCE);
      this.wake();
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
  }

  /** Connects, reads the greeting and logs in. */
  static async open(cfg: MailboxConfig, signal: AbortSignal): Promise<Pop3Session> {
    const socket = cfg.tls
      ? connectTls({ host: cfg.host, port: cfg.port, servername: cfg.host })
      : connectTcp({ host: cfg.host, port: cfg.port });
    const session = new Pop3Session(socket);
    const onAbort = () => socket.destroy(RegisterError.unavailable('the report mailbox session was abandoned', SOURCE));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('close', () => signal.removeEventListener('abort', onAbort));
    try {
      const greeting = await session.next();
      if (!greeting.startsWith('+OK')) throw RegisterError.unavailable(`the report mailbox greeted with ${greeting}`, SOURCE);
      await session.command(`USER ${cfg.user}`);
      const pass = await session.send(`PASS ${cfg.password}`);
      if (!pass.startsWith('+OK')) {
        if (/\[IN-USE\]|lock/i.test(pass)) throw new MailboxBusy(pass);
        throw new RegisterError('service_unavailable', `the report mailbox refused the login: ${pass}`, false, SOURCE);
      }
      return session;
    } catch (err) {
      socket.destroy();
      throw err;
    }
  }

  /** Message numbers and unique ids of the maildrop (UIDL). */
  async uidl(): Promise<{ n: number; uid: string }[]> {
    return (await this.multiline('UIDL')).map((l) => {
      const [n, uid] = l.split(' ');
      return { n: Number(n), uid: uid ?? '' };
    });
  }

  /** One whole message, CRLF line ends. */
  async retr(n: number): Promise<string> {
    return (await this.multiline(`RETR ${n}`)).join('\r\n');
  }

  async dele(n: number): Promise<void> {
    await this.command(`DELE ${n}`);
  }

  /** Ends the session: the server applies deletions and releases the maildrop. */
  async quit(): Promise<void> {
    try {
      await this.command('QUIT');
    } finally {
      this.socket.end();
    }
  }

  /** Drops the connection without QUIT: the server deletes nothing (RFC 1939 §6). */
  abort(): void {
    this.socket.destroy();
  }

  private async command(cmd: string): Promise<string> {
    const line = await this.send(cmd);
    if (!line.startsWith('+OK')) throw RegisterError.unavailable(`the report mailbox answered ${cmd.split(' ')[0]} with ${line}`, SOURCE);
    return line;
  }

  private async multiline(cmd: string): Promise<string[]> {
    await this.command(cmd);
    const out: string[] = [];
    for (let line = await this.next(); line !== '.'; line = await this.next()) out.push(line.startsWith('..') ? line.slice(1) : line);
    return out;
  }

  private async send(cmd: string): Promise<string> {
    if (this.failure) throw this.failure;
    this.socket.write(`${cmd}\r\n`, 'latin1');
    return this.next();
  }

  private next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  private wake(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    const line = this.lines.shift();
    if (line !== undefined) {
      this.waiter = undefined;
      waiter.resolve(line);
    } else if (this.failure) {
      this.waiter = undefined;
      waiter.reject(this.failure);
    }
  }
}
