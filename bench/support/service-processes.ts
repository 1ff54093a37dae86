// Extra service processes for a benchmark: `src/main.ts` started as `npm start` does, with the environment the bench's
// own service uses (same DATABASE_URL and schemas), so that they share its job queues as a deployment of several
// processes on one PostgreSQL would. Each answers probes (service-probe.ts) over IPC.
import { spawn } from 'node:child_process';
import type { Probe } from './service-probe.ts';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;
const PROBE = new URL('./service-probe.ts', import.meta.url).pathname;

export interface ServiceProcess {
  pid: number;
  url: string;
  probe(): Promise<Probe>;
  /** SIGTERM, the service's clean stop, and waits for the exit. */
  stop(): Promise<void>;
}

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', PROBE, MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env, REGISTRUM_BENCH_PROBE: '1' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (m) resolve(m[1]!);
      // Only the start is of interest; what it logs afterwards is dropped.
      if (output.length > 1e6) output = output.slice(-1e5);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service process exited (${code}): ${output}`)));
  });
  const waiting = new Map<number, (p: Probe) => void>();
  let seq = 0;
  child.on('message', (m: { probe?: number; result?: Probe }) => {
    if (m.probe === undefined || !m.result) return;
    waiting.get(m.probe)?.(m.result);
    waiting.delete(m.probe);
  });
  return {
    pid: child.pid!,
    url,
    probe: () =>
      new Promise<Probe>((resolve) => {
        waiting.set(++seq, resolve);
        child.send({ probe: seq });
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
