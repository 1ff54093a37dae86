import type { MonitorLogRow } from './repository/monitors.ts';
import type { Logger } from '../observability/logger.ts';
import { monitorChecks } from '../observability/metrics.ts';

/** Committed monitor checks into the metrics and the log (one line per monitor, with the causing request's id if any). */
export function observeMonitorChecks(log: Logger, logs: readonly MonitorLogRow[]): void {
  for (const l of logs) {
    const read = l.readFrom === 'changeFeed' ? 'feed' : 'register';
    monitorChecks.inc({ outcome: l.fetchStatus, read });
    const line = { monitorId: l.monitorId, outcome: l.fetchStatus, read, changes: l.changeCategories, reason: l.errorMessage ?? undefined };
    // A register error is retried on schedule; only the day's last failure deserves a warning.
    if (l.fetchStatus === 'error_final') log.warn(line, 'monitor check failed');
    else log.info(line, 'monitor check');
  }
}
