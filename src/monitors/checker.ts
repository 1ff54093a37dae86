import type { ChangeCategory, MonitorNotification } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { StagedMessage } from '../webhooks/delivery.ts';
import { categoriesOf } from './categories.ts';
import type { CompanySnapshots, CompanyVersion, MonitoredCompanyRow } from './repository/company-snapshots.ts';
import { type CompanyKey, keyOf } from './types.ts';
import { diffSnapshots, type FieldChange } from './diff.ts';
import type { MonitorLogRow, MonitorRepository, MonitorRow } from './repository/monitors.ts';
import { NO_CHECK, type CheckOutcome } from './outcome.ts';
import { addOutcome, RecordQueue } from './record-queue.ts';
import { fetchMonitoredView, type MonitoredView } from './view.ts';

/** What a check saw at the register. */
export type Observation =
  | { kind: 'found'; view: MonitoredView; answerDigest?: string }
  | { kind: 'not_found'; message: string }
  | { kind: 'error'; message: string };

export { NO_CHECK, type CheckOutcome } from './outcome.ts';

/** A check to make: the company, and the due time it was scheduled for. */
export interface DueCheck extends CompanyKey {
  dueAt: Date;
}

/**
 * What a check observed, to record; `dueAt`: only if that check is still due (none: a new monitor's baseline);
 * `confirmed`: the register was not read, its feed confirmed the company's last snapshot (CompanyChecker.checkMany);
 * `vouched`: the register was read, and its feed vouched that the company had not changed there since the snapshot's
 * read (a snapshot an earlier mapping made is then taken afresh without a notification).
 */
interface Recording {
  key: CompanyKey;
  seen: Observation;
  dueAt?: Date;
  confirmed?: boolean;
  vouched?: boolean;
}

/** What the checks of one transaction write, in one statement per table. */
interface Writes {
  versions: CompanyVersion[];
  companies: MonitoredCompanyRow[];
  deactivated: string[];
  seen: { id: string; version: number }[];
  logs: MonitorLogRow[];
}

/** Checks recorded in one transaction at most. */
const RECORD_BATCH = 200;
/** Staged notifications whose jobs are sent in one statement after a commit. */
const DISPATCH_CHUNK = 500;

export interface CheckerOptions {
  /** Time between two checks of a company (daily). */
  intervalMs: number;
  /**
   * A feed register's company is read at its register at least this often, even while its feed confirms it
   * unchanged (a safety net against a change the feed missed).
   */
  feedTrustMs: number;
  /** Retry delays after a failed check; when they are used up the day's check is `error_final`. */
  retryDelaysMs: readonly number[];
  /** Time one check may take at the register. */
  timeoutMs: number;
  /** The log lines of checks just committed (metrics and the process log). */
  onChecked?: (logs: readonly MonitorLogRow[]) => void;
}

/** The event side of a check: records a notification inside the check's transaction. */
export interface NotificationSink {
  stage(
    tx: Queryable,
    accountId: string,
    type: 'monitor.notification',
    payload: object,
    opts: { subject: string; version: Date },
  ): Promise<StagedMessage | undefined>;
  /** Queues the first attempts of staged notifications, once their transaction has committed. */
  dispatchMany(staged: readonly StagedMessage[]): Promise<void>;
}

/**
 * One check of one company for all its active monitors: one register fetch, compared with the company's last
 * snapshot; every monitor gets a log line, every monitor that sees a change a `monitor.notification` (recorded in
 * the same transaction as the new snapshot, so a crash loses neither or repeats neither). Many companies' checks
 * (a snapshot's changes) are made together: fetched side by side, recorded many to a transaction.
 */
export class CompanyChecker {
  constructor(
    private readonly db: Db,
    private readonly registers: RegisterRegistry,
    private readonly snapshots: CompanySnapshots,
    private readonly monitors: MonitorRepository,
    private readonly notifications: NotificationSink,
    private readonly clock: Clock,
    private readonly opts: CheckerOptions,
  ) {}

  /** Reads the company at its register. Not found is confirmed by a second call before it counts (see README). */
  async observe(key: CompanyKey): Promise<Observation> {
    const register = this.registers.get(key.countryCode);
    if (!register) return { kind: 'error', message: `no register serves ${key.countryCode} any more` };
    const once = async (): Promise<Observation> => {
      try {
        return { kind: 'found', ...(await fetchMonitoredView(register, key.companyId, AbortSignal.timeout(this.opts.timeoutMs))) };
      } catch (err) {
        if (err instanceof RegisterError && err.code === 'resource_not_found') return { kind: 'not_found', message: err.message };
        const message = err instanceof RegisterError ? err.message : 'the register answer could not be processed';
        return {
          kind: 'error',
          message: err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${this.opts.timeoutMs} ms` : message,
        };
      }
    };
    const first = await once();
    return first.kind === 'not_found' ? once() : first;
  }

  /**
   * Fetches and records the check of the company that was due at `dueAt`; does nothing when that check was made
   * meanwhile (by another process, or the operator's run-checks), so a repeated job is harmless.
   */
  async check(key: CompanyKey, dueAt: Date): Promise<CheckOutcome> {
    return this.checkMany([{ ...key, dueAt }], 1);
  }

  /**
   * The due checks of many companies (a snapshot's changes): their rows read in one query, their registers asked
   * `width` at a time, and what was observed recorded as it comes in, many checks to a transaction (RecordQueue).
   * Each check is the one `check` makes: skipped when it was made meanwhile. A feed register's company that the
   * feed confirms unchanged (`vouchedByFeed`, `recentlyRead`) is recorded without a call to its register.
   */
  async checkMany(due: readonly DueCheck[], width: number): Promise<CheckOutcome> {
    if (!due.length) return { ...NO_CHECK };
    const current = await this.snapshots.getMany(due);
    const coverage = due.some((d) => this.registers.get(d.countryCode)?.changedCompanies)
      ? await this.snapshots.feedCoverage()
      : new Map<string, Date>();
    const now = this.clock.now();
    const recordings = new RecordQueue<Recording>((items) => this.recordMany(items), RECORD_BATCH);
    const todo: (DueCheck & { vouched: boolean })[] = [];
    for (const d of due) {
      const c = current.get(keyOf(d));
      if (c?.status !== 'present' || c.nextCheckAt.getTime() !== d.dueAt.getTime()) continue;
      const key = { countryCode: d.countryCode, companyId: d.companyId };
      const vouched = this.vouchedByFeed(c, d.dueAt, coverage.get(d.countryCode));
      if (vouched && this.recentlyRead(c, now))
        recordings.add({ key, seen: { kind: 'found', view: c.data! }, dueAt: d.dueAt, confirmed: true });
      else todo.push({ ...d, vouched });
    }
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(width, todo.length) }, async () => {
        while (next < todo.length) {
          const d = todo[next++]!;
          const key = { countryCode: d.countryCode, companyId: d.companyId };
          recordings.add({ key, seen: await this.observe(key), dueAt: d.dueAt, vouched: d.vouched });
        }
      }),
    );
    return recordings.finish();
  }

  /**
   * Whether the company's feed vouches that it has not changed at its register since its snapshot's read: its
   * register publishes its changes, the feed was complete past the due time when last read whole (so a change before
   * it would have named the company), the feed has not named it since its last read at the register
   * (`registerReadAt` is cleared when it does), and there is a snapshot. The check is then recorded from the feed,
   * without a call to the register, while that read is recent enough (`recentlyRead`, the safety net).
   */
  private vouchedByFeed(c: MonitoredCompanyRow, dueAt: Date, coveredUntil: Date | undefined): boolean {
    return (
      this.registers.get(c.countryCode)?.changedCompanies !== undefined &&
      coveredUntil !== undefined &&
      coveredUntil.getTime() >= dueAt.getTime() &&
      c.registerReadAt !== null &&
      c.version > 0 &&
      c.data !== null
    );
  }

  private recentlyRead(c: MonitoredCompanyRow, now: Date): boolean {
    return c.registerReadAt !== null && now.getTime() - c.registerReadAt.getTime() < this.opts.feedTrustMs;
  }

  /** Records what a check observed, for every active monitor of the company (unless the due check was made). */
  async record(key: CompanyKey, seen: Observation, dueAt?: Date): Promise<CheckOutcome> {
    return this.recordMany([{ key, seen, dueAt }]);
  }

  /**
   * Records checks in one transaction: the companies and their monitors locked (in key and id order, so that
   * concurrent batches never deadlock), each check worked out as `record` describes, then written one statement per
   * table. The notifications' first attempts are scheduled once it has committed. A company twice in the batch
   * is recorded again in a transaction of its own after this one.
   */
  private async recordMany(items: readonly Recording[]): Promise<CheckOutcome> {
    const batch: Recording[] = [];
    const again: Recording[] = [];
    const keys = new Set<string>();
    for (const item of items) {
      if (keys.has(keyOf(item.key))) again.push(item);
      else {
        keys.add(keyOf(item.key));
        batch.push(item);
      }
    }
    const staged: StagedMessage[] = [];
    let written: MonitorLogRow[] = [];
    const outcome = await this.db.transaction(async (tx) => {
      const companies = await this.snapshots.lockMany(
        tx,
        batch.map((i) => i.key),
      );
      // A confirmation also needs the feed not to have named the company meanwhile (it then moves the due time too).
      const recorded = batch.filter((i) => {
        const company = companies.get(keyOf(i.key));
        return (
          company?.status === 'present' &&
          (!i.dueAt || company.nextCheckAt.getTime() === i.dueAt.getTime()) &&
          (!i.confirmed || company.registerReadAt !== null)
        );
      });
      const monitors = new Map<string, MonitorRow[]>();
      for (const m of await this.monitors.activeOfCompaniesForUpdate(
        tx,
        recorded.map((i) => i.key),
      )) {
        const list = monitors.get(keyOf(m));
        if (list) list.push(m);
        else monitors.set(keyOf(m), [m]);
      }
      const now = this.clock.now();
      const writes: Writes = { versions: [], companies: [], deactivated: [], seen: [], logs: [] };
      const total = { ...NO_CHECK };
      for (const i of recorded) {
        const k = keyOf(i.key);
        addOutcome(total, await this.recordOne(tx, i, companies.get(k)!, monitors.get(k) ?? [], now, writes, staged));
      }
      await this.snapshots.insertVersions(tx, writes.versions);
      await this.monitors.deactivateMany(tx, writes.deactivated, now);
      await this.snapshots.updateMany(tx, writes.companies);
      await this.monitors.markChecked(tx, writes.seen, now);
      await this.monitors.insertLogs(tx, writes.logs);
      written = writes.logs;
      return total;
    });
    this.opts.onChecked?.(written);
    // The batch's notifications in few round trips (a snapshot day changes thousands of monitored companies).
    for (let i = 0; i < staged.length; i += DISPATCH_CHUNK) await this.notifications.dispatchMany(staged.slice(i, i + DISPATCH_CHUNK));
    return again.length ? addOutcome(outcome, await this.recordMany(again)) : outcome;
  }

  /**
   * One company's check, inside the batch's transaction: every monitor gets a log line, every monitor that sees a
   * change a `monitor.notification` (staged here, so a crash loses neither or repeats neither); the rows to write
   * go to `writes`.
   */
  private async recordOne(
    tx: Queryable,
    { key, seen, dueAt, confirmed, vouched }: Recording,
    company: MonitoredCompanyRow,
    monitors: MonitorRow[],
    now: Date,
    writes: Writes,
    staged: StagedMessage[],
  ): Promise<CheckOutcome> {
    // The next check counts from the due time when this process's clock is behind it: a sandbox clock moved forward
    // reaches the other processes within a second, and a check made meanwhile by one that has not seen it would
    // otherwise fall due again at once, for the process that sent it (a second check of the same day).
    const from = dueAt && dueAt.getTime() > now.getTime() ? dueAt.getTime() : now.getTime();
    const next: MonitoredCompanyRow = {
      ...company,
      lastCheckedAt: now,
      failures: 0,
      nextCheckAt: new Date(from + this.opts.intervalMs),
      // A failed check read nothing, a confirmed one did not call the register.
      registerReadAt: seen.kind === 'error' || confirmed ? company.registerReadAt : now,
    };
    const log = (m: MonitorRow, status: MonitorLogRow['fetchStatus'], categories: ChangeCategory[], errorMessage: string | null = null) =>
      writes.logs.push({
        id: newId('mlog', now.getTime()),
        monitorId: m.id,
        changeDetected: categories.length > 0,
        changeCategories: categories,
        fetchStatus: status,
        errorMessage,
        createdAt: now,
        readFrom: confirmed ? 'changeFeed' : 'register',
      });
    const notify = async (m: MonitorRow, categories: ChangeCategory[], changes: FieldChange[], deactivated: boolean) => {
      const payload: Omit<MonitorNotification, 'type'> = {
        monitorId: m.id,
        companyId: m.companyId,
        countryCode: m.countryCode,
        timestamp: now.toISOString(),
        changeCategories: categories,
        monitorHasBeenDeactivated: deactivated,
        metadata: m.metadata,
        changes,
      };
      const s = await this.notifications.stage(tx, m.accountId, 'monitor.notification', payload, {
        subject: `monitor:${m.id}`,
        version: now,
      });
      if (s) staged.push(s);
    };
    const result = { ...NO_CHECK, checked: monitors.length };

    if (seen.kind === 'error') {
      const failures = company.failures + 1;
      const retry = this.opts.retryDelaysMs[failures - 1];
      const final = retry === undefined;
      Object.assign(next, {
        failures: final ? 0 : failures,
        nextCheckAt: new Date(from + (retry ?? this.opts.intervalMs)),
        lastCheckedAt: now,
      });
      for (const m of monitors) log(m, final ? 'error_final' : 'error', [], seen.message);
      result.failed = monitors.length;
    } else if (seen.kind === 'not_found') {
      // Gone from the register: a final snapshot, the cached data cleared, every monitor deactivated.
      const changes: FieldChange[] = [{ path: 'company', before: company.data?.company ?? null, after: null }];
      Object.assign(next, { version: company.version + 1, data: null, status: 'disappeared', answerDigest: null });
      writes.versions.push({ ...key, version: next.version, data: null, changes, categories: ['disappeared'], at: now });
      for (const m of monitors) {
        writes.deactivated.push(m.id);
        log(m, 'not_found', ['disappeared'], seen.message);
        await notify(m, ['disappeared'], changes, true);
      }
      result.changed = result.deactivated = monitors.length;
    } else {
      const mappingVersion = this.registers.get(key.countryCode)?.mappingVersion ?? 1;
      // A snapshot an earlier mapping made, of a company the register did not change since that snapshot's read:
      // what differs is our mapping, not the register. The register's feed vouches for it (and still does, under the
      // lock: the company not named meanwhile), or its answer is the very one the snapshot was made from. The new
      // view becomes the snapshot, a version without changes, and no monitor is told.
      const sameAnswer = seen.answerDigest !== undefined && seen.answerDigest === company.answerDigest;
      const remapped =
        !confirmed &&
        company.version > 0 &&
        company.mappingVersion !== mappingVersion &&
        ((vouched === true && company.registerReadAt !== null) || sameAnswer);
      const diff = company.version === 0 ? [] : diffSnapshots(company.data ?? {}, seen.view);
      const changes = remapped ? [] : diff;
      // A confirmed check read nothing: its snapshot is still the one its mapping made, from the answer it read.
      if (!confirmed) Object.assign(next, { mappingVersion, answerDigest: seen.answerDigest ?? null });
      if (company.version === 0 || diff.length > 0) {
        Object.assign(next, { version: company.version + 1, data: seen.view });
        writes.versions.push({ ...key, version: next.version, data: seen.view, changes, categories: categoriesOf(changes), at: now });
      }
      for (const m of monitors) {
        const own = remapped ? [] : await this.changesSeenBy(tx, key, m, company, changes, seen.view);
        const categories = categoriesOf(own);
        log(m, 'success', categories);
        if (own.length) {
          await notify(m, categories, own, false);
          result.changed++;
        }
      }
    }
    writes.companies.push(next);
    for (const m of monitors) writes.seen.push({ id: m.id, version: next.version });
    return result;
  }

  /**
   * The changes a monitor has not been told about: none for a monitor without a baseline yet (it takes this
   * snapshot); the check's own changes for one that saw the previous snapshot; else the difference from the
   * snapshot it last saw (it joined between checks).
   */
  private async changesSeenBy(
    tx: Queryable,
    key: CompanyKey,
    m: MonitorRow,
    company: MonitoredCompanyRow,
    changes: FieldChange[],
    view: MonitoredView,
  ): Promise<FieldChange[]> {
    if (m.seenVersion === null || company.version === 0) return [];
    if (m.seenVersion === company.version) return changes;
    const seenData = await this.snapshots.versionData(tx, key, m.seenVersion);
    return seenData ? diffSnapshots(seenData, view) : changes;
  }
}
