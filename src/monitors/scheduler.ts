import type { WorkQueue } from '../jobs/queue.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { Clock } from '../shared/clock.ts';
import { NO_CHECK, type CheckOutcome, type CompanyChecker } from './checker.ts';
import type { CompanyKey, CompanySnapshots } from './company-snapshots.ts';

export const MONITOR_CHECK_JOB = 'monitor.check';

const DUE_PAGE = 500;

/** A company's check that was due at `dueAt` (ms). */
interface CheckJob extends CompanyKey {
  dueAt: number;
}
const FEED_PAGE = 1000;

export interface SchedulerOptions {
  /** How often each process looks for due checks. */
  sweepEveryMs: number;
  /** Checks run side by side in one process (each is mostly waiting for a register). */
  concurrency: number;
}

/**
 * Turns due companies into `monitor.check` jobs of the shared queue: every process sweeps on a timer, the job key
 * (company and due time) makes the sweeps of several processes one job, and pg-boss retries a check a dead process
 * left. Registers with snapshots first mark due the companies their latest snapshots changed.
 */
export class MonitorScheduler {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;

  constructor(
    private readonly queue: WorkQueue,
    private readonly registers: RegisterRegistry,
    private readonly snapshots: CompanySnapshots,
    private readonly checker: CompanyChecker,
    private readonly clock: Clock,
    private readonly opts: SchedulerOptions,
    private readonly onError: (err: unknown) => void,
  ) {
    queue.work(MONITOR_CHECK_JOB, (job: CheckJob) => this.checker.check(job, new Date(job.dueAt)).then(() => undefined), {
      batchSize: 1,
      concurrency: opts.concurrency,
    });
  }

  start(): void {
    this.timer = setInterval(() => {
      this.sweeping ??= this.sweep()
        .catch(this.onError)
        .finally(() => (this.sweeping = undefined));
    }, this.opts.sweepEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** Sends a job for every due company; returns how many. */
  async sweep(): Promise<number> {
    await this.readFeeds();
    let sent = 0;
    const now = this.clock.now();
    for (const c of await this.snapshots.due(now, 10 * DUE_PAGE)) {
      await this.queue.send(MONITOR_CHECK_JOB, { countryCode: c.countryCode, companyId: c.companyId, dueAt: c.nextCheckAt.getTime() } satisfies CheckJob, {
        key: `${c.countryCode}:${c.companyId}:${c.nextCheckAt.getTime()}`,
      });
      sent++;
    }
    return sent;
  }

  /** The operator's run-checks: every due check now, in this process, with the totals. */
  async runDueNow(): Promise<CheckOutcome> {
    await this.readFeeds();
    const total = { ...NO_CHECK };
    const now = this.clock.now();
    const done = new Set<string>();
    for (;;) {
      // A check that failed is due again later, never at `now`: the loop ends.
      const due = (await this.snapshots.due(now, DUE_PAGE)).filter((c) => !done.has(`${c.countryCode}:${c.companyId}`));
      if (!due.length) return total;
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(this.opts.concurrency, due.length) }, async () => {
          while (next < due.length) {
            const c = due[next++]!;
            done.add(`${c.countryCode}:${c.companyId}`);
            const r = await this.checker.check(c, c.nextCheckAt);
            for (const k of Object.keys(total) as (keyof CheckOutcome)[]) total[k] += r[k];
          }
        }),
      );
    }
  }

  /** Marks due the monitored companies that registers' new snapshots changed. */
  private async readFeeds(): Promise<void> {
    for (const register of this.registers.all()) {
      if (!register.changedCompanies) continue;
      try {
        let cursor = await this.snapshots.feedCursor(register.countryCode);
        for (;;) {
          const page = await register.changedCompanies(cursor, FEED_PAGE);
          await this.snapshots.markDue(register.countryCode, page.companyIds, this.clock.now());
          if (page.cursor !== cursor) await this.snapshots.saveFeedCursor(register.countryCode, page.cursor, this.clock.now());
          cursor = page.cursor;
          if (!page.more) break;
        }
      } catch (err) {
        // One register's feed failing must not hold up the other registers' checks; the cursor stays put.
        this.onError(err);
      }
    }
  }
}
