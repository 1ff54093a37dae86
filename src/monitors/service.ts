import type { Account } from '../accounts/types.ts';
import type { Monitor, MonitorLog } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import type { Db } from '../store/db.ts';
import { createId } from '@paralleldrive/cuid2';
import type { CompanyChecker, Observation } from './checker.ts';
import type { CompanySnapshots } from './repository/company-snapshots.ts';
import { keyOf } from './types.ts';
import type { MonitorRepository, MonitorRow } from './repository/monitors.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';

const LOG_LIMIT = 200;
/** The incumbent's default page of monitor logs. */
const LOG_PAGE = 25;
/** A busy process sweeps late: a feed read this much past its two intervals still counts as being read. */
const FEED_READ_GRACE_MS = 60_000;

/** The account side of monitoring (spec §4.5, CONTRACT §3): create or retrieve, list, get, stop, logs. */
export class MonitorService {
  constructor(
    private readonly db: Db,
    private readonly registers: RegisterRegistry,
    private readonly monitors: MonitorRepository,
    private readonly snapshots: CompanySnapshots,
    private readonly checker: CompanyChecker,
    private readonly clock: Clock,
    /** How often the processes read the registers' change feeds (MONITOR_SWEEP_EVERY). */
    private readonly feedReadEveryMs: number,
  ) {}

  /**
   * Creates a monitor, or returns the account's active one for the company with its metadata replaced. A company
   * no monitor watched yet is read at its register first: not found is a 404 and creates nothing; the answer is
   * the new monitor's baseline (when the register is down, the first check takes it).
   */
  async create(account: Account, body: { companyId: string; countryCode: string; metadata?: Record<string, string> }) {
    const register = this.registers.forSearch(body.countryCode);
    const companyId = register.parseCompanyId(body.companyId);
    await register.precheck?.(companyId);
    const key = { countryCode: register.countryCode, companyId };
    const metadata = body.metadata ?? {};

    const active = await this.monitors.activeOf(account.id, key.countryCode, key.companyId);
    if (active) return { created: false, monitor: await this.view(await this.monitors.setMetadata(this.db, active.id, metadata)) };

    const company = await this.snapshots.get(key);
    let seen: Observation | undefined;
    if (!company || company.status !== 'present' || company.version === 0) {
      seen = await this.checker.observe(key);
      if (seen.kind === 'not_found') throw RegisterError.notFound(`${register.catalogue.register}: ${seen.message}`);
    }
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      await this.snapshots.ensure(tx, key, now);
      const locked = await this.snapshots.lock(tx, key);
      if (locked && locked.status !== 'present') {
        // Back in the register after it disappeared: watched again from a fresh snapshot; history stays.
        await this.snapshots.updateMany(tx, [
          { ...locked, status: 'present', data: null, nextCheckAt: now, failures: 0, registerReadAt: null },
        ]);
      }
      const row: MonitorRow = {
        id: createId(),
        accountId: account.id,
        ...key,
        status: 'active',
        metadata,
        seenVersion: locked?.status === 'present' && locked.version > 0 ? locked.version : null,
        createdAt: now,
        lastCheckedAt: null,
        deactivatedAt: null,
      };
      return this.monitors.insertOrGetActive(tx, row);
    });
    if (!result.created)
      return { created: false, monitor: await this.view(await this.monitors.setMetadata(this.db, result.monitor.id, metadata)) };
    if (seen) await this.checker.record(key, seen);
    return { created: true, monitor: await this.view((await this.monitors.get(result.monitor.id, account.id))!) };
  }

  async get(account: Account, id: string) {
    return this.view(await this.require(account, id));
  }

  async list(account: Account, q: { companyId?: string; countryCode?: string; first?: number; after?: string }) {
    const limit = q.first ?? 20;
    const page = await this.monitors.page(account.id, {
      companyId: q.companyId,
      countryCode: q.countryCode,
      limit: limit + 1,
      before: q.after ? decodeCursor(q.after) : undefined,
    });
    const rows = page.rows.slice(0, limit);
    const last = rows[rows.length - 1];
    const hasNextPage = page.rows.length > limit;
    return {
      monitors: await this.views(rows),
      total: page.total,
      hasNextPage,
      ...(hasNextPage && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}),
    };
  }

  /** Stops the monitor (204); stopping a stopped one is a no-op. */
  async stop(account: Account, id: string): Promise<void> {
    await this.require(account, id);
    await this.monitors.deactivate(this.db, id, this.clock.now());
  }

  /** A monitor's check log, newest first, a page at a time (the incumbent's `first` and `after`). */
  async logs(account: Account, id: string, q: { first?: number; after?: string } = {}) {
    await this.require(account, id);
    const limit = Math.min(q.first ?? LOG_PAGE, LOG_LIMIT);
    const page = await this.monitors.logs(id, limit + 1, q.after ? decodeCursor(q.after) : undefined);
    const rows = page.slice(0, limit);
    const last = rows[rows.length - 1];
    const hasNextPage = page.length > limit;
    return {
      hasNextPage,
      ...(hasNextPage && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}),
      logs: rows.map(
        (l): MonitorLog => ({
          id: l.id,
          changeDetected: l.changeDetected,
          changeCategories: l.changeCategories,
          fetchStatus: l.fetchStatus,
          ...(l.errorMessage ? { errorMessage: l.errorMessage } : {}),
          createdAt: l.createdAt.toISOString(),
          ...(l.readFrom ? { readFrom: l.readFrom } : {}),
        }),
      ),
    };
  }

  private async view(m: MonitorRow): Promise<Monitor> {
    return (await this.views([m]))[0]!;
  }

  /** The monitors as the API shows them; an active one says when its company is checked next. */
  private async views(rows: readonly MonitorRow[]): Promise<Monitor[]> {
    const active = rows.filter((m) => m.status === 'active');
    const [next, names, feedReads] = await Promise.all([
      this.snapshots.nextChecks(active),
      this.snapshots.names(rows),
      active.some((m) => this.registers.get(m.countryCode)?.changedCompanies) ? this.snapshots.feedReads() : new Map<string, Date>(),
    ]);
    const now = this.clock.now().getTime();
    return rows.map((m) => {
      const scheduled = m.status === 'active' ? next.get(keyOf(m)) : undefined;
      return view(m, scheduled && this.feedAware(scheduled, feedReads.get(m.countryCode), now), names.get(keyOf(m)) ?? null);
    });
  }

  /**
   * A feed register's company (GB's streaming API, US-NY's daily snapshot) is due daily, and also at the first feed
   * read after the register reports a change to it. Its next check is therefore the next read of the feed, while the
   * feed is being read (last read within two intervals and a minute's grace), or its daily check when that comes first;
   * a feed that stopped being read leaves the daily check's date, which is then the truth.
   */
  private feedAware(scheduled: Date, feedReadAt: Date | undefined, now: number): Date {
    if (!feedReadAt || now - feedReadAt.getTime() > 2 * this.feedReadEveryMs + FEED_READ_GRACE_MS) return scheduled;
    const nextRead = Math.max(now, feedReadAt.getTime() + this.feedReadEveryMs);
    return nextRead < scheduled.getTime() ? new Date(nextRead) : scheduled;
  }

  private async require(account: Account, id: string): Promise<MonitorRow> {
    const row = await this.monitors.get(id, account.id);
    // Another account's monitor is indistinguishable from none.
    if (!row) throw new ApiError('resource_not_found', `no monitor ${id}`);
    return row;
  }
}

function view(m: MonitorRow, nextCheckAt: Date | undefined, companyName: string | null): Monitor {
  return {
    id: m.id,
    companyId: m.companyId,
    countryCode: m.countryCode,
    companyName,
    lastFetchedAt: m.lastCheckedAt ? m.lastCheckedAt.toISOString() : null,
    status: m.status,
    metadata: m.metadata,
    createdAt: m.createdAt.toISOString(),
    ...(m.lastCheckedAt ? { lastCheckedAt: m.lastCheckedAt.toISOString() } : {}),
    ...(nextCheckAt ? { nextCheckAt: nextCheckAt.toISOString() } : {}),
    ...(m.deactivatedAt ? { deactivatedAt: m.deactivatedAt.toISOString() } : {}),
  };
}
