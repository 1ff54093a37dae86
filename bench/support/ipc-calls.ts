import type { ChildProcess } from 'node:child_process';

/**
 * Calls to a child process over IPC: each request carries a number, and the child's answer names it back. `reply`
 * reads a message as an answer (its number and value), or undefined for other messages.
 */
export function ipcCalls<T>(
  child: ChildProcess,
  reply: (m: any) => { seq: number; value: T } | undefined,
): (request: (seq: number) => object) => Promise<T> {
  const waiting = new Map<number, (value: T) => void>();
  let seq = 0;
  child.on('message', (m: unknown) => {
    const r = reply(m);
    if (!r) return;
    waiting.get(r.seq)?.(r.value);
    waiting.delete(r.seq);
  });
  return (request) =>
    new Promise<T>((resolve) => {
      waiting.set(++seq, resolve);
      child.send(request(seq));
    });
}
