import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { closeServer, listenOnLoopback } from '../../../sandbox/emulator-http.ts';

interface StoredMessage {
  uid: string;
  raw: string;
  size: number;
}

/** One POP3 session's view of the maildrop (RFC 1939: numbered at lock time; deletions apply at QUIT). */
interface Session {
  state: 'authorization' | 'transaction';
  user?: string;
  messages: StoredMessage[];
  deleted: Set<number>;
}

const IDLE_TIMEOUT_MS = 10 * 60_000; // RFC 1939 §3: an autologout timer of at least 10 minutes
const MAX_MESSAGES = 2000;

/**
 * An e-mail mailbox served over POP3 (RFC 1939, with CAPA, UIDL and TOP) on a loopback port: the sandbox twin of
 * the mailbox the registry delivers reports to, so the connector reads it exactly as it reads the real one. One
 * maildrop, one user; a session holds the maildrop's exclusive lock (`-ERR [IN-USE]` for a second one, RFC 2449).
 */
export class Pop3Mailbox {
  readonly user: string;
  readonly password = randomBytes(12).toString('hex');
  private readonly messages: StoredMessage[] = [];
  private locked = false;
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  constructor(readonly address: string) {
    this.user = address;
  }

  /** A mail server's delivery into the maildrop. */
  deliver(raw: string): void {
    if (this.messages.length >= MAX_MESSAGES) this.messages.shift();
    const crlf = raw.replace(/\r?\n/g, '\r\n');
    this.messages.push({ uid: randomBytes(10).toString('hex'), raw: crlf, size: Buffer.byteLength(crlf, 'latin1') });
  }

  get size(): number {
    return this.messages.length;
  }

  async start(): Promise<{ host: string; port: number }> {
    this.server = createServer((socket) => this.serve(socket));
    return { host: '127.0.0.1', port: await listenOnLoopback(this.server) };
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    const server = this.server;
    this.server = undefined;
    await closeServer(server);
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.setEncoding('latin1');
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    const session: Session = { state: 'authorization', messages: [], deleted: new Set() };
    const release = () => {
      if (session.state === 'transaction') this.locked = false;
      session.state = 'authorization';
    };
    socket.on('close', () => {
      this.sockets.delete(socket);
      release(); // a dropped connection deletes nothing (RFC 1939 §6)
    });
    socket.on('error', () => socket.destroy());
    const send = (line: string) => socket.write(`${line}\r\n`, 'latin1');
    send(`+OK JFSC sandbox POP3 server ready <${process.pid}.${Date.now()}@registry.jerseyfsc.sandbox>`);
    const end = () => {
      release();
      socket.end();
    };
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (this.command(session, line, send, end) === 'quit') return;
      }
      if (buffer.length > 512) socket.destroy(); // no command line is that long
    });
  }

  /** Handles one command line; returns 'quit' once the session ends. */
  private command(s: Session, line: string, send: (l: string) => void, end: () => void): 'quit' | undefined {
    const [verb = '', ...args] = line.trim().split(/\s+/);
    const cmd = verb.toUpperCase();
    const multi = (first: string, lines: string[]) => {
      send(first);
      for (const l of lines) send(l.startsWith('.') ? `.${l}` : l); // byte-stuffing (RFC 1939 §3)
      send('.');
    };
    if (cmd === 'QUIT') {
      if (s.state === 'transaction') {
        const gone = new Set([...s.deleted].map((n) => s.messages[n - 1]!.uid));
        for (let i = this.messages.length - 1; i >= 0; i--) if (gone.has(this.messages[i]!.uid)) this.messages.splice(i, 1);
      }
      send('+OK JFSC sandbox POP3 server signing off');
      end();
      return 'quit';
    }
    if (cmd === 'CAPA') multi('+OK Capability list follows', ['USER', 'UIDL', 'TOP', 'RESP-CODES', 'PIPELINING']);
    else if (s.state === 'authorization') this.authorize(s, cmd, args, line, send);
    else this.transaction(s, cmd, args, send, multi);
    return undefined;
  }

  private authorize(s: Session, cmd: string, args: string[], line: string, send: (l: string) => void): void {
    if (cmd === 'USER' && args.length === 1) {
      s.user = args[0];
      send('+OK send PASS');
    } else if (cmd === 'PASS' && s.user !== undefined) {
      const ok = s.user.toLowerCase() === this.user.toLowerCase() && line.trim().slice(5) === this.password;
      s.user = undefined;
      if (!ok) send('-ERR [AUTH] invalid user name or password');
      else if (this.locked) send('-ERR [IN-USE] maildrop already locked');
      else {
        this.locked = true;
        s.state = 'transaction';
        s.messages = [...this.messages];
        s.deleted = new Set();
        send(`+OK maildrop locked and ready, ${s.messages.length} messages`);
      }
    } else send('-ERR authenticate first (USER, PASS)');
  }

  private transaction(
    s: Session,
    cmd: string,
    args: string[],
    send: (l: string) => void,
    multi: (first: string, lines: string[]) => void,
  ): void {
    const live = () => s.messages.map((m, i) => ({ n: i + 1, m })).filter(({ n }) => !s.deleted.has(n));
    const n = Number(args[0]);
    const one = Number.isInteger(n) && n >= 1 && n <= s.messages.length && !s.deleted.has(n) ? { n, m: s.messages[n - 1]! } : undefined;
    const value = (x: { n: number; m: StoredMessage }) => `${x.n} ${cmd === 'LIST' ? x.m.size : x.m.uid}`;
    if (['LIST', 'UIDL', 'RETR', 'TOP', 'DELE'].includes(cmd) && args[0] !== undefined && !one) return send('-ERR no such message');
    switch (cmd) {
      case 'STAT':
        return send(`+OK ${live().length} ${live().reduce((sum, x) => sum + x.m.size, 0)}`);
      case 'LIST':
      case 'UIDL':
        return one ? send(`+OK ${value(one)}`) : multi(`+OK ${live().length} messages`, live().map(value));
      case 'RETR':
      case 'TOP': {
        if (!one) return send('-ERR which message?');
        const lines = one.m.raw.replace(/\r\n$/, '').split('\r\n');
        if (cmd === 'RETR') return multi(`+OK ${one.m.size} octets`, lines);
        const count = Number(args[1]);
        if (!Number.isInteger(count) || count < 0) return send('-ERR TOP needs a line count');
        const blank = lines.indexOf('');
        return multi('+OK top of message follows', blank < 0 ? lines : lines.slice(0, blank + 1 + count));
      }
      case 'DELE':
        if (!one) return send('-ERR which message?');
        s.deleted.add(one.n);
        return send(`+OK message ${one.n} deleted`);
      case 'RSET':
        s.deleted.clear();
        return send('+OK');
      case 'NOOP':
        return send('+OK');
      default:
        return send('-ERR unknown command');
    }
  }
}
