// The webhook receiver of bench/webhook-deliveries.ts, run as a child process (webhook-receiver-child.ts): the
// receiver is the customer's server, not ours, so its CPU is kept out of the service process being measured.
import { fork } from 'node:child_process';
import { ipcCalls } from './ipc-calls.ts';
import type { ReceiverCommand, ReceiverStats } from './webhook-receiver-child.ts';

export type { ReceiverStats };

export interface ReceiverProcess {
  url: string;
  pid: number;
  /** Verifies receipts on `path` with `secret`. */
  expect(path: string, secret: string): void;
  stats(): Promise<ReceiverStats>;
  /** Answers `share` of the messages after `ms` (a slow customer endpoint). */
  slow(share: number, ms: number): void;
  /** Forgets what was received (after the baseline). */
  reset(): void;
  close(): Promise<void>;
}

const CHILD = new URL('./webhook-receiver-child.ts', import.meta.url).pathname;

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m.url));
    child.once('exit', (code) => reject(new Error(`the receiver exited (${code}) before listening`)));
  });
  const ask = ipcCalls<ReceiverStats>(child, (m: { seq?: number; stats?: ReceiverStats }) =>
    m.seq === undefined || !m.stats ? undefined : { seq: m.seq, value: m.stats },
  );
  const send = (command: ReceiverCommand) => child.send(command);
  return {
    url,
    pid: child.pid!,
    expect: (path, secret) => send({ type: 'expect', path, secret }),
    reset: () => send({ type: 'reset' }),
    slow: (share, ms) => send({ type: 'slow', share, ms }),
    stats: () => ask((seq): ReceiverCommand => ({ type: 'stats', seq })),
    async close() {
      child.disconnect();
      await exited;
    },
  };
}
