/** A failure that repeats (the same message) is reported again at most this often; a new one at once. */
export const REPEAT_REPORT_MS = 600_000;

/**
 * Spaces the reports of a failure that repeats: the returned function passes a failure on to `report` at once when
 * its message differs from the last one reported, else only once `everyMs` has passed since, with the number of
 * failures since the last report. Work on a timer that keeps failing the same way (a store that stays unreachable)
 * then logs once in a while, not on every round.
 */
export function spacedReports(report: (err: unknown, failures: number) => void, everyMs = REPEAT_REPORT_MS): (err: unknown) => void {
  let last: { message: string; at: number } | undefined;
  let unreported = 0;
  return (err) => {
    unreported++;
    const message = err instanceof Error ? err.message : String(err);
    const now = performance.now();
    if (last && last.message === message && now - last.at < everyMs) return;
    report(err, unreported);
    last = { message, at: now };
    unreported = 0;
  };
}
