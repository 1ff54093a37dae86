// Extra service processes for a benchmark: `src/main.ts` started as `npm start` does (test/support/process.ts), with
// the environment the bench's own service uses (same DATABASE_URL and schemas), so that they share its job queues as
// a deployment of several processes on one PostgreSQL would. Each answers probes (service-probe.ts) over IPC.
import { startProcess } from '../../test/support/process.ts';
import { ipcCalls } from './ipc-calls.ts';
import type { Probe } from './service-probe.ts';

const PROBE = new URL('./service-probe.ts', import.meta.url).pathname;

export interface ServiceProcess {
  pid: number;
  url: string;
  probe(): Promise<Probe>;
  /** SIGTERM, the service's clean stop, and waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `cpuProfDir`: the process writes V8 CPU profiles there when it exits, one per thread (the service's, and on the
 * embedded store its worker thread, which runs every statement).
 */
export async function startServiceProcess(env: Record<string, string>, opts: { cpuProfDir?: string } = {}): Promise<ServiceProcess> {
  // Served as deployed: without the test suite's double serialisation of every response.
  const started = await startProcess(
    { RESPONSE_SERIALIZER_CHECK: 'off', ...env, REGISTRUM_BENCH_PROBE: '1' },
    { preload: [PROBE], ipc: true, ...(opts.cpuProfDir ? { nodeOptions: ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] } : {}) },
  );
  const ask = ipcCalls<Probe>(started.child, (m: { probe?: number; result?: Probe }) =>
    m.probe === undefined || !m.result ? undefined : { seq: m.probe, value: m.result },
  );
  return {
    pid: started.child.pid!,
    url: started.url,
    probe: () => ask((seq) => ({ probe: seq })),
    stop: () => started.stop(),
  };
}
