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
