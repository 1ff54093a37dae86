// What a service process did, for benchmarks that run several: its CPU time and the HTTP requests it sent (webhook
// deliveries are its only outgoing requests in a bench), counted through the diagnostics channels of node:http and
// undici so that the service's code is not touched. Loaded with `--import` into child service
// processes (bench/support/service-processes.ts), where it answers `{ probe: seq }` over IPC; the bench's own
// process calls `probe()` directly.
import { subscribe } from 'node:diagnostics_channel';
import { processCounts, type StoreCounts } from '../../src/store/trace.ts';

export interface Probe {
  pid: number;
  /** CPU time of the process so far, in microseconds. */
  cpu: NodeJS.CpuUsage;
  /** HTTP client requests started so far. */
  httpRequests: number;
  /** The store's counts so far, when the service traces them (REGISTRUM_STORE_TRACE=1). */
  storeTrace?: StoreCounts;
}

let httpRequests = 0;
const count = () => {
  httpRequests++;
};
// node:http's requests, and undici's (the webhook sender's client).
subscribe('http.client.request.start', count);
subscribe('undici:request:create', count);

export function probe(): Probe {
  return { pid: process.pid, cpu: process.cpuUsage(), httpRequests, storeTrace: { ...processCounts } };
}

if (process.env.REGISTRUM_BENCH_PROBE === '1' && process.send) {
  process.on('message', (m: { probe?: number }) => {
    if (m?.probe !== undefined) process.send!({ probe: m.probe, result: probe() });
  });
}

// --cpu-prof of a benchmark (Node refuses --cpu-prof in NODE_OPTIONS): the V8 profiler through the inspector, from
// this module's loading to the process's exit, written as a .cpuprofile into REGISTRUM_CPU_PROF_DIR.
if (process.env.REGISTRUM_CPU_PROF_DIR) {
  const { Session } = await import('node:inspector');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const dir = process.env.REGISTRUM_CPU_PROF_DIR;
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // A session of this thread answers synchronously, so the profile is written before the process ends.
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/service-${process.pid}.cpuprofile`, JSON.stringify(result.profile));
    });
  });
}
