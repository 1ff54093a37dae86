import { createHash } from 'node:crypto';
import type { WorkQueue } from '../jobs/queue.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { Clock } from '../shared/clock.ts';
import { NO_CHECK, type CheckOutcome, type CompanyChecker, type DueCheck } from './checker.ts';
import type { CompanySnapshots, DueCompany } from './repository/company-snapshots.ts';
import { type CompanyKey, keyOf } from './types.ts';
import { addOutcome } from './record-queue.ts';

export const MONITOR_CHECK_JOB = 'monitor.check';
/** Checks of companies of registers with a change feed, many to a job (their registers answer from a snapshot). */
export const MONITOR_CHECK_BATCH_JOB = 'monitor.check-batch';
/** Companies in one batch job. */
const BATCH_JOB_SIZE = 100;
/**
 * Checks side by side for registers with a change feed: they answer from their snapshot in the store, not from a
 * remote register, so more at once keep the store busy (1,036 checks on PGlite: 25 s at 4, 15 s at 12 or 24; on
 * PostgreSQL 18 s at 4, 11 s at 16; a shared, loaded machine).
 */
const FEED_CHECK_WIDTH = 16;

const DUE_PAGE = 500;
/** Due companies a sweep sends at once (and, for registers with a change feed, per page). */
const SWEEP_PAGE = 10 * DUE_PAGE;
/** A sweep's pages at most: a million feed companies. */
const MAX_FEED_PAGES = 200;

/** A company's check that was due at `dueAt` (ms). */
interface CheckJob extends CompanyKey {
  dueAt: number;
}
const jobKey = (j: CheckJob) => `${j.countryCode}:${j.companyId}:${j.dueAt}`;
const dueCheckOf = (j: CheckJob) => ({ countryCode: j.countryCode, companyId: j.companyId, dueAt: new Date(j.dueAt) });
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
 * left. Registers with snapshots first mark due the companies their latest snapshots changed, whose checks then go
 * many to a `monitor.check-batch` job.
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
    queue.work(
      MONITOR_CHECK_BATCH_JOB,
      (job: { checks: CheckJob[] }) => this.checker.checkMany(job.checks.map(dueCheckOf), this.feedWidth).then(() => undefined),
      {
        batchSize: 1,
        concurrency: 1,
      },
    );
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

  /**
   * Sends a job for every due company; returns how many companies. The companies of registers with a change feed go
   * many to a job (a snapshot's changes are checked together, see CompanyChecker.checkMany); a job's key is its
   * content, so that processes sweeping at the same time send it once. A sweep sends a page of due companies, then
   * the rest of the feed registers' ones: their daily checks are mostly confirmed by the feed, a hundred to a job in
   * milliseconds, where a page of polls (a register call each) is as much as one sweep should queue.
   */
  async sweep(): Promise<number> {
    await this.readFeeds();
    const now = this.clock.now();
    let page = await this.snapshots.due(now, SWEEP_PAGE);
    let sent = await this.send(page);
    const feeds = this.registers
      .all()
      .filter((r) => r.changedCompanies)
      .map((r) => r.countryCode);
    for (let pages = 1; page.length === SWEEP_PAGE && feeds.length && pages < MAX_FEED_PAGES; pages++) {
      page = await this.snapshots.due(now, SWEEP_PAGE, { row: page.at(-1)!, countryCodes: feeds });
      sent += await this.send(page);
    }
    return sent;
  }

  /** The jobs of these due companies: one each, or a hundred to a job for registers with a change feed. */
  private async send(due: readonly DueCompany[]): Promise<number> {
    let sent = 0;
    const fromFeeds = new Map<string, CheckJob[]>();
    for (const c of due) {
      const job: CheckJob = { countryCode: c.countryCode, companyId: c.companyId, dueAt: c.nextCheckAt.getTime() };
      if (this.registers.get(c.countryCode)?.changedCompanies) {
        const list = fromFeeds.get(c.countryCode);
        if (list) list.push(job);
        else fromFeeds.set(c.countryCode, [job]);
        continue;
      }
      await this.queue.send(MONITOR_CHECK_JOB, job, { key: jobKey(job) });
      sent++;
    }
    for (const jobs of fromFeeds.values()) {
      for (let i = 0; i < jobs.length; i += BATCH_JOB_SIZE) {
        const checks = jobs.slice(i, i + BATCH_JOB_SIZE);
        await this.queue.send(
          MONITOR_CHECK_BATCH_JOB,
          { checks },
          { key: createHash('sha256').update(checks.map(jobKey).join('\n')).digest('hex') },
        );
        sent += checks.length;
      }
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
      const due = (await this.snapshots.due(now, DUE_PAGE)).filter((c) => !done.has(keyOf(c)));
      if (!due.length) return total;
      const fromFeeds: DueCheck[] = [];
      const others: DueCheck[] = [];
      for (const c of due) {
        done.add(keyOf(c));
        (this.registers.get(c.countryCode)?.changedCompanies ? fromFeeds : others).push({
          countryCode: c.countryCode,
          companyId: c.companyId,
          dueAt: c.nextCheckAt,
        });
      }
      const outcomes = await Promise.all([
        this.checker.checkMany(fromFeeds, this.feedWidth),
        this.checker.checkMany(others, this.opts.concurrency),
      ]);
      for (const r of outcomes) addOutcome(total, r);
    }
  }

  private get feedWidth(): number {
    return Math.max(FEED_CHECK_WIDTH, this.opts.concurrency);
  }

  /**
   * Marks due the monitored companies that registers' new snapshots changed; returns how many. Part of every sweep
   * and run-checks; public so that a benchmark can time it apart.
   */
  async readFeeds(): Promise<number> {
    let marked = 0;
    for (const register of this.registers.all()) {
      if (!register.changedCompanies) continue;
      try {
        let cursor = await this.snapshots.feedCursor(register.countryCode);
        // How far the feed was complete when this read began: true of the whole read once it reaches the end. Not
        // of a first read, which starts at the present and skips the changes before it.
        let coveredUntil: Date | undefined;
        for (let first = true; ; first = false) {
          const page = await register.changedCompanies(cursor, FEED_PAGE);
          if (first && cursor !== undefined) coveredUntil = page.coveredUntil;
          marked += await this.snapshots.markDue(register.countryCode, page.companyIds, this.clock.now());
          // Saved after every page, moved or not: its time says the feed is being read (a monitor's next check).
          const end = !page.more;
          await this.snapshots.saveFeedCursor(register.countryCode, page.cursor, this.clock.now(), end ? coveredUntil : undefined);
          cursor = page.cursor;
          if (end) break;
        }
      } catch (err) {
        // One register's feed failing must not hold up the other registers' checks; the cursor stays put.
        this.onError(err);
      }
    }
    return marked;
  }
}
