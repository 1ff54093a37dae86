import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's own counters and histograms (Prometheus), fed by small hooks at the service's seams: the HTTP app
 * (`http-metrics.ts`), the register wrapper (`registers.ts`), the job queue wrapper (`queue.ts`), webhook attempts
 * and monitor checks. Figures read from the store at scrape time (queue depth, credits, snapshot age) are in
 * `store-gauges.ts`. One registry per process: several services in one test process add up, which tests allow for
 * by comparing before and after.
 */
export const processMetrics = new Registry();

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const httpDuration = new Histogram({
  name: 'registrum_http_request_duration_seconds',
  help: 'HTTP requests by route template, method and status, with their latency',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [processMetrics],
});

export const registerCallDuration = new Histogram({
  name: 'registrum_register_call_duration_seconds',
  help: 'Calls to a register (search, fetch, document) by register, operation and outcome (ok or the error code)',
  labelNames: ['register', 'operation', 'outcome'] as const,
  buckets: SECONDS,
  registers: [processMetrics],
});

export const jobDuration = new Histogram({
  name: 'registrum_job_duration_seconds',
  help: 'Jobs run by this process, by queue and outcome (ok, failed: the engine retries it)',
  labelNames: ['queue', 'outcome'] as const,
  buckets: SECONDS,
  registers: [processMetrics],
});

export const webhookAttempts = new Counter({
  name: 'registrum_webhook_deliveries_total',
  help: 'Webhook delivery attempts by event type and outcome (succeeded, failed, gone: the receiver answered 410)',
  labelNames: ['event_type', 'outcome'] as const,
  registers: [processMetrics],
});

export const webhookLag = new Histogram({
  name: 'registrum_webhook_delivery_lag_seconds',
  help: 'Time from an event to each attempt at delivering it (service clock), by outcome',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 36000, 86400],
  registers: [processMetrics],
});

export const monitorChecks = new Counter({
  name: 'registrum_monitor_checks_total',
  help: 'Monitor checks by outcome (success, not_found, error, error_final) and read (register, or feed: confirmed unchanged by the register change feed without a call), one per monitor checked',
  labelNames: ['outcome', 'read'] as const,
  registers: [processMetrics],
});
