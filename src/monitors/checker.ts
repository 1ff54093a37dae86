import type { ChangeCategory, MonitorNotification } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { StagedMessage } from '../webhooks/delivery.ts';
import { categoriesOf } from './categories.ts';
import type { CompanyKey, CompanySnapshots, MonitoredCompanyRow } from './company-snapshots.ts';
import { diffSnapshots, type FieldChange } from './diff.ts';
import type { MonitorLogRow, MonitorRepository, MonitorRow } from './repository.ts';
import { fetchMonitoredView, type MonitoredView } from './view.ts';

/** What a check saw at the register. */
export type Observation =
  | { kind: 'found'; view: MonitoredView }
  | { kind: 'not_found'; message: string }
  | { kind: 'error'; message: string };

export interface CheckOutcome {
  /** Monitors whose check was recorded. */
  checked: number;
  changed: number;
  deactivated: number;
  failed: number;
}

export const NO_CHECK: CheckOutcome = { checked: 0, changed: 0, deactivated: 0, failed: 0 };

export interface CheckerOptions {
  /** Time between two checks of a company (daily). */
  intervalMs: number;
  /** Registers whose snapshots say which companies changed: their companies are checked when a snapshot says so. */
  feedIntervalMs: number;
  /** Retry delays after a failed check; when they are used up the day's check is `error_final`. */
  retryDelaysMs: readonly number[];
  /** Time one check may take at the register. */
  timeoutMs: number;
}

/** The event side of a check: records a notification inside the check's transaction. */
export interface NotificationSink {
  stage(tx: Queryable, accountId: string, type: 'monitor.notification', payload: object, opts: { subject: string; version: Date }): Promise<StagedMessage | undefined>;
  dispatch(staged: StagedMessage): Promise<void>;
}

/**
 * One check of one company for all its active monitors: one register fetch, compared with the company's last
 * snapshot; every monitor gets a log line, every monitor that sees a change a `monitor.notification` (recorded in
 * the same transaction as the new snapshot, so a crash loses neither or repeats neither).
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
        return { kind: 'found', view: await fetchMonitoredView(register, key.companyId, AbortSignal.timeout(this.opts.timeoutMs)) };
      } catch (err) {
        if (err instanceof RegisterError && err.code === 'resource_not_found') return { kind: 'not_found', message: err.message };
        const message = err instanceof RegisterError ? err.message : 'the register answer could not be processed';
        return { kind: 'error', message: err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${this.opts.timeoutMs} ms` : message };
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
    const current = await this.snapshots.get(key);
    if (!current || current.status !== 'present' || current.nextCheckAt.getTime() !== dueAt.getTime()) return NO_CHECK;
    return this.record(key, await this.observe(key), dueAt);
  }

  /** Records what a check observed, for every active monitor of the company (unless the due check was made). */
  async record(key: CompanyKey, seen: Observation, dueAt?: Date): Promise<CheckOutcome> {
    const staged: StagedMessage[] = [];
    const outcome = await this.db.transaction(async (tx) => {
      const company = await this.snapshots.lock(tx, key);
      if (!company || company.status !== 'present') return NO_CHECK;
      if (dueAt && company.nextCheckAt.getTime() !== dueAt.getTime()) return NO_CHECK;
      const monitors = await this.monitors.activeOfCompanyForUpdate(tx, key.countryCode, key.companyId);
      const now = this.clock.now();
      const register = this.registers.get(key.countryCode);
      const interval = register?.changedCompanies ? this.opts.feedIntervalMs : this.opts.intervalMs;
      const next: MonitoredCompanyRow = { ...company, lastCheckedAt: now, failures: 0, nextCheckAt: new Date(now.getTime() + interval) };
      const logs: MonitorLogRow[] = [];
      const log = (m: MonitorRow, status: MonitorLogRow['fetchStatus'], categories: ChangeCategory[], errorMessage: string | null = null) =>
        logs.push({ id: newId('mlog', now.getTime()), monitorId: m.id, changeDetected: categories.length > 0, changeCategories: categories, fetchStatus: status, errorMessage, createdAt: now });
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
        const s = await this.notifications.stage(tx, m.accountId, 'monitor.notification', payload, { subject: `monitor:${m.id}`, version: now });
        if (s) staged.push(s);
      };
      const result = { ...NO_CHECK, checked: monitors.length };

      if (seen.kind === 'error') {
        const failures = company.failures + 1;
        const retry = this.opts.retryDelaysMs[failures - 1];
        const final = retry === undefined;
        Object.assign(next, { failures: final ? 0 : failures, nextCheckAt: new Date(now.getTime() + (retry ?? interval)), lastCheckedAt: now });
        for (const m of monitors) log(m, final ? 'error_final' : 'error', [], seen.message);
        result.failed = monitors.length;
      } else if (seen.kind === 'not_found') {
        // Gone from the register: a final snapshot, the cached data cleared, every monitor deactivated.
        const changes: FieldChange[] = [{ path: 'company', before: company.data?.company ?? null, after: null }];
        Object.assign(next, { version: company.version + 1, data: null, status: 'disappeared' });
        await this.snapshots.insertVersion(tx, key, { version: next.version, data: null, changes, categories: ['disappeared'], at: now });
        for (const m of monitors) {
          await this.monitors.deactivate(tx, m.id, now);
          log(m, 'not_found', ['disappeared'], seen.message);
          await notify(m, ['disappeared'], changes, true);
        }
        result.changed = result.deactivated = monitors.length;
      } else {
        const changes = company.version === 0 ? [] : diffSnapshots(company.data ?? {}, seen.view);
        if (company.version === 0 || changes.length > 0) {
          Object.assign(next, { version: company.version + 1, data: seen.view });
          await this.snapshots.insertVersion(tx, key, { version: next.version, data: seen.view, changes, categories: categoriesOf(changes), at: now });
        }
        for (const m of monitors) {
          const own = await this.changesSeenBy(tx, key, m, company, changes, seen.view);
          const categories = categoriesOf(own);
          log(m, 'success', categories);
          if (own.length) {
            await notify(m, categories, own, false);
            result.changed++;
          }
        }
      }
      await this.snapshots.update(tx, next);
      await this.monitors.markChecked(tx, monitors.map((m) => m.id), next.version, now);
      await this.monitors.insertLogs(tx, logs);
      return result;
    });
    for (const s of staged) await this.notifications.dispatch(s);
    return outcome;
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
