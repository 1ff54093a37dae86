// The offered rates a scenario is served at within a latency target (issue 22: p50 ≤ 3 ms and p99 ≤ 15 ms), among
// fixed rates from a twentieth of its saturated rate to seven tenths of it. Saturation says how much a machine can do;
// a target on p50 and p99 at a fixed rate says how much it can do while answering fast, which on a small machine is
// far less (the service, PostgreSQL and the load queue for the same cores long before they are all busy).
import type { CellFigures } from './request-path-cells.ts';

export interface LatencyTarget {
  p50Ms: number;
  p99Ms: number;
}

/** A fixed-rate cell within the target: every request sent and answered without error, at p50 and p99 within it. */
export function withinTarget(cell: CellFigures, rate: number, target: LatencyTarget): boolean {
  const allServed = (cell.unsent ?? 0) === 0 && cell.errors === 0 && cell.rps >= rate * 0.98;
  return allServed && cell.p50 <= target.p50Ms && cell.p99 <= target.p99Ms;
}

export interface CapacityProbe {
  rate: number;
  cell: CellFigures;
  within: boolean;
}

/** The fractions of the saturated rate offered: a curve of latency against load, from nearly idle to nearly full. */
const CAPACITY_FRACTIONS = [0.05, 0.15, 0.3, 0.5, 0.7] as const;

/**
 * Offers each fraction of `saturated` (rounded to a multiple of `grain`, at least `grain`) as a fixed rate, lowest
 * first, and answers every cell with whether it met the target, and the highest rate that did (undefined: none).
 * Not a bisection: latency is not monotonic in load. A request that comes alone is slower than one among many on a
 * machine whose cores sleep between requests (waking each process on the way costs more than the queue at a modest
 * rate), so the rates within the target can be a band in the middle, or none.
 */
export async function latencyCapacity(
  measureAt: (rate: number) => Promise<CellFigures>,
  saturated: number,
  target: LatencyTarget,
  opts: { fractions?: readonly number[]; grain?: number } = {},
): Promise<{ highest?: CapacityProbe; probes: CapacityProbe[] }> {
  const grain = opts.grain ?? 10;
  const rates = [
    ...new Set((opts.fractions ?? CAPACITY_FRACTIONS).map((f) => Math.max(grain, Math.round((saturated * f) / grain) * grain))),
  ];
  const probes: CapacityProbe[] = [];
  for (const rate of rates.sort((a, b) => a - b)) {
    const cell = await measureAt(rate);
    probes.push({ rate, cell, within: withinTarget(cell, rate, target) });
  }
  const highest = probes.filter((p) => p.within).at(-1);
  return { ...(highest ? { highest } : {}), probes };
}
