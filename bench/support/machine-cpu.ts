// The whole machine's CPU use between two readings of /proc/stat (Linux), for benchmarks that share the machine
// with other work: how busy all cores were, and how much of it was this benchmark's processes.
import { readFileSync } from 'node:fs';

export interface CpuTimes {
  /** Jiffies spent busy (everything but idle and iowait), summed over all cores. */
  busy: number;
  total: number;
}

export function machineCpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Share of all cores' time that was busy between two readings (0..1). */
export function busyShare(from: CpuTimes | undefined, to: CpuTimes | undefined): number | undefined {
  if (!from || !to || to.total === from.total) return undefined;
  return (to.busy - from.busy) / (to.total - from.total);
}
