import { Pool } from 'undici';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** Requests answered within the cell. */
  completed: number;
  /** Answers other than 2xx, and requests that failed. */
  errors: number;
  /** Requests that fell due but were never sent: the service was behind by more than the connections in flight. */
  unsent: number;
  /** Latency percentiles in ms, each counted from when the request fell due (not from when a connection was free). */
  p50: number;
  p99: number;
}

/**
 * An open-loop load at a fixed offered rate: request i falls due at start + i/rate and is sent then, or as soon as
 * one of `connections` is free, and its latency runs from when it fell due, so a service that falls behind is seen
 * falling behind (no coordinated omission). autocannon's `overallRate` is not that: it sends each second's quota as
 * fast as it can at the start of the second and idles for the rest, so its percentiles at a "fixed rate" are those of
 * a burst of saturation.
 */
export async function pacedLoad(options: {
  url: string;
  rate: number;
  durationS: number;
  connections: number;
  /** The next request: called once per request (a new company each time, for onboarding). */
  next(): PacedRequest;
}): Promise<PacedResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const latencies: number[] = [];
  let sent = 0;
  let inFlight = 0;
  let errors = 0;
  /** The last moment requests were sent at: those due by then and not sent found every connection busy. */
  let lastSentAt = 0;
  const start = performance.now();
  const end = start + options.durationS * 1000;
  const dueAt = (i: number) => start + (i * 1000) / options.rate;

  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const send = (i: number) => {
    inFlight++;
    const { method, path, headers, body } = options.next();
    pool
      .request({ method, path, headers, ...(body === undefined ? {} : { body }) })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode < 200 || response.statusCode >= 300) errors++;
      })
      .catch(() => errors++)
      .finally(() => {
        latencies.push(performance.now() - dueAt(i));
        inFlight--;
        pump();
      });
  };
  // Sends every request that has fallen due while a connection is free; once the cell is over, waits for the rest.
  const pump = () => {
    const now = performance.now();
    if (now < end) {
      lastSentAt = now;
      while (inFlight < options.connections && dueAt(sent) <= now) send(sent++);
    } else if (inFlight === 0) finish();
  };
  const timer = setInterval(pump, 1);
  await finished;
  clearInterval(timer);
  await pool.close();

  const due = Math.floor(((lastSentAt - start) * options.rate) / 1000) + 1;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { completed: latencies.length, errors, unsent: Math.max(0, due - sent), p50: at(0.5), p99: at(0.99) };
}
