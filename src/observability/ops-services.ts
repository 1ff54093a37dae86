import type { Readiness } from './health.ts';

/** The process's operations endpoints (CONTRACT §4 "Service"), wired by the composition root. */
export interface OpsServices {
  readiness: Readiness;
  /** The Prometheus exposition of this process. */
  metrics(): Promise<{ contentType: string; body: string }>;
  /** Served on the main address behind the operator token; absent when a separate metrics address serves it. */
  metricsToken?: string;
}
