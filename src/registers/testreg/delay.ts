import type { SandboxLatency } from '../../sandbox/store.ts';

/**
 * Delay tokens (issue 17 item 5, as the incumbent documents them): a TEST company id containing `DELAY_<n><S|M|H>`
 * (`ACME-DELAY_1M`, `DELAY_30S`, `DELAY_10H`) makes every call about that company answer that much later, so a client
 * can rehearse an onboarding timeout and a verification that waits it out. Matched without regard to case; the token
 * must stand on its own (`DELAY_1MX` is not one), so an ordinary id never turns slow by accident.
 */
const TOKEN = /(?:^|[^A-Za-z0-9])DELAY_(\d{1,6})([SMH])(?![A-Za-z0-9])/i;
const UNIT_MS = { S: 1_000, M: 60_000, H: 3_600_000 } as const;
/** The longest delay the incumbent documents (`DELAY_10H`); a larger token waits this long. */
export const MAX_DELAY_MS = 10 * UNIT_MS.H;

/** The real-world delay an id's token asks for, in milliseconds; undefined when the id has none. */
export function delayTokenMs(id: string): number | undefined {
  const m = TOKEN.exec(id);
  if (!m) return undefined;
  const unit = m[2]!.toUpperCase() as keyof typeof UNIT_MS;
  return Math.min(Number(m[1]) * UNIT_MS[unit], MAX_DELAY_MS);
}

/**
 * The delay on the sandbox's time scale: `realistic` waits it in full, `fast` a hundredth. `none` also waits a
 * hundredth rather than nothing: the token is an explicit request for slowness, and dropping it would make the
 * rehearsal it exists for impossible.
 */
export function scaledDelayMs(id: string, level: SandboxLatency): number | undefined {
  const ms = delayTokenMs(id);
  if (ms === undefined) return undefined;
  return level === 'realistic' ? ms : Math.round(ms / 100);
}
