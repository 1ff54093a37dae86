import { spacedReports } from '../shared/spaced-reports.ts';

/**
 * The embedded store's upkeep (its checkpoints and vacuums, pglite-checkpoints.ts and pglite-vacuums.ts): work on a
 * timer in the store's worker thread, whose failures reach the service's log (pglite.ts: `onUpkeepFailure`). A
 * failure that stays unheard is a store that quietly stops being looked after: a log that grows without end, dead
 * rows that stay, transaction ids that age towards wraparound.
 */
export type UpkeepTask = 'checkpoint' | 'vacuum';

export interface UpkeepFailure {
  task: UpkeepTask;
  message: string;
  /** PostgreSQL's SQLSTATE, when the failure is a statement's. */
  code?: string;
  /** How many times the task failed since the last report (the reports of a failure that repeats are spaced). */
  failures: number;
}

/**
 * Runs `step` every `everyMs` (never two at once, on a timer that keeps no process alive) until the returned stop;
 * a step that fails goes to `report` (spaced: at once when its message is new, else once per REPEAT_REPORT_MS, with the
 * count of failures since), and the next step runs as usual. A step that fails once stopped is not reported: the store is
 * closing under it. A step of several statements asks `stopped()` between them.
 */
export function repeatUpkeep(
  task: UpkeepTask,
  everyMs: number,
  step: (stopped: () => boolean) => Promise<void>,
  report: (f: UpkeepFailure) => void,
): () => void {
  let running = false;
  let stopped = false;
  const failed = spacedReports((err, failures) => {
    const code = (err as { code?: unknown }).code;
    const message = err instanceof Error ? err.message : String(err);
    report({ task, message, ...(typeof code === 'string' ? { code } : {}), failures });
  });
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await step(() => stopped);
    } catch (err) {
      if (!stopped) failed(err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
