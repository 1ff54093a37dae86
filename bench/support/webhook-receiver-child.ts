// The customer's webhook server for bench/webhook-deliveries.ts, in a process of its own so that the service's
// process is measured alone. It verifies every signature with the `standardwebhooks` library (as a receiver
// would), counts distinct message ids per path (duplicates are receipts of an id seen before) and answers 204.
// Driven over IPC by bench/support/webhook-receiver.ts; prints nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export type ReceiverCommand =
  | { type: 'expect'; path: string; secret: string }
  | { type: 'stats'; seq: number }
  | { type: 'reset' }
  /** Answers a share of the messages (chosen by id) after `ms`: a customer's slow endpoint. */
  | { type: 'slow'; share: number; ms: number };

export interface ReceiverStats {
  received: number;
  distinct: number;
  badSignatures: number;
  /** performance.now() of this process at the first and last receipt since the last reset (0: none yet). */
  firstAt: number;
  lastAt: number;
  /** Receipts per whole second since the first one, to show whether the rate was steady. */
  perSecond: number[];
  /** This process's CPU time so far, in microseconds. */
  cpu: NodeJS.CpuUsage;
}

const verifiers = new Map<string, Webhook>();
const seen = new Map<string, Set<string>>();
let received = 0;
let badSignatures = 0;
let firstAt = 0;
let lastAt = 0;
let perSecond: number[] = [];
let slow = { share: 0, ms: 0 };

/** Whether a message id falls in the slow share (a hash of the id, so each attempt of a message behaves alike). */
function isSlow(id: string): boolean {
  if (slow.share <= 0) return false;
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) | 0;
  return ((h >>> 0) % 10_000) / 10_000 < slow.share;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    try {
      verifiers.get(path)!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
    } catch {
      badSignatures++;
    }
    received++;
    lastAt = performance.now();
    firstAt ||= lastAt;
    const second = Math.floor((lastAt - firstAt) / 1000);
    perSecond[second] = (perSecond[second] ?? 0) + 1;
    let ids = seen.get(path);
    if (!ids) seen.set(path, (ids = new Set()));
    const id = String(req.headers['webhook-id']);
    ids.add(id);
    if (isSlow(id)) setTimeout(() => res.writeHead(204).end(), slow.ms);
    else res.writeHead(204).end();
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (command: ReceiverCommand) => {
  if (command.type === 'expect') verifiers.set(command.path, new Webhook(command.secret));
  else if (command.type === 'slow') slow = { share: command.share, ms: command.ms };
  else if (command.type === 'reset') {
    seen.clear();
    received = badSignatures = firstAt = lastAt = 0;
    perSecond = [];
  } else if (command.type === 'stats') {
    let distinct = 0;
    for (const ids of seen.values()) distinct += ids.size;
    const stats: ReceiverStats = {
      received,
      distinct,
      badSignatures,
      firstAt,
      lastAt,
      perSecond: Array.from(perSecond, (n) => n ?? 0),
      cpu: process.cpuUsage(),
    };
    process.send!({ seq: command.seq, stats });
  }
});
// The parent going away (a crashed bench) takes the receiver with it.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send!({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
