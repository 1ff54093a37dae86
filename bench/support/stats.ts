/** The value at fraction p (0..1) of samples sorted ascending. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** Rounded to one decimal. */
export const round1 = (x: number) => Math.round(x * 10) / 10;

/** CPU milliseconds (user and system) between two `process.cpuUsage()` readings. */
export const cpuMsBetween = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;
