import type { ChangeCategory } from '../../contract/index.ts';
import type { Db, Queryable } from '../../store/db.ts';
import { json } from '../../store/db.ts';

export interface MonitorRow {
  id: string;
  accountId: string;
  countryCode: string;
  companyId: string;
  status: 'active' | 'deactivated';
  metadata: Record<string, string>;
  seenVersion: number | null;
  createdAt: Date;
  lastCheckedAt: Date | null;
  deactivatedAt: Date | null;
}

export interface MonitorLogRow {
  id: string;
  monitorId: string;
  changeDetected: boolean;
  changeCategories: ChangeCategory[];
  fetchStatus: 'success' | 'not_found' | 'error' | 'error_final';
  errorMessage: string | null;
  createdAt: Date;
  /**
   * `changeFeed`: the register's feed confirmed the company unchanged, without a call to the register; `register`:
   * the check read it there (or tried). Null on lines logged before this was kept (021_monitor_log_read_from).
   */
  readFrom: 'register' | 'changeFeed' | null;
}

const MONITOR_COLUMNS = `id, account_id as "accountId", country_code as "countryCode", company_id as "companyId", status, metadata,
  seen_version as "seenVersion", created_at as "createdAt", last_checked_at as "lastCheckedAt", deactivated_at as "deactivatedAt"`;
const LOG_COLUMNS = `id, monitor_id as "monitorId", change_detected as "changeDetected", change_categories as "changeCategories",
  fetch_status as "fetchStatus", error_message as "errorMessage", created_at as "createdAt", read_from as "readFrom"`;

/** The accounts' monitors and their check logs. */
export class MonitorRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the monitor unless the account has an active one for the company; returns the active one either way. */
  async insertOrGetActive(tx: Queryable, m: MonitorRow): Promise<{ monitor: MonitorRow; created: boolean }> {
    const inserted = await tx.query<MonitorRow>(
      `insert into monitors (id, account_id, country_code, company_id, status, metadata, seen_version, created_at)
       values ($1, $2, $3, $4, 'active', $5::jsonb, $6, $7)
       on conflict (account_id, country_code, company_id) where status = 'active' do nothing
       returning ${MONITOR_COLUMNS}`,
      [m.id, m.accountId, m.countryCode, m.companyId, json(m.metadata), m.seenVersion, m.createdAt],
    );
    if (inserted[0]) return { monitor: inserted[0], created: true };
    const [existing] = await tx.query<MonitorRow>(
      `select ${MONITOR_COLUMNS} from monitors
        where account_id = $1 and country_code = $2 and company_id = $3 and status = 'active' for update`,
      [m.accountId, m.countryCode, m.companyId],
    );
    return { monitor: existing!, created: false };
  }

  async setMetadata(tx: Queryable, id: string, metadata: Record<string, string>): Promise<MonitorRow> {
    const [row] = await tx.query<MonitorRow>(`update monitors set metadata = $2::jsonb where id = $1 returning ${MONITOR_COLUMNS}`, [
      id,
      json(metadata),
    ]);
    return row!;
  }

  async get(id: string, accountId: string): Promise<MonitorRow | undefined> {
    const [row] = await this.db.query<MonitorRow>(`select ${MONITOR_COLUMNS} from monitors where id = $1 and account_id = $2`, [
      id,
      accountId,
    ]);
    return row;
  }

  /** Newest first, after the cursor position (createdAt, id). */
  async page(
    accountId: string,
    opts: { companyId?: string; countryCode?: string; limit: number; before?: { createdAt: Date; id: string } },
  ): Promise<{ rows: MonitorRow[]; total: number }> {
    const params: unknown[] = [accountId];
    let where = 'account_id = $1';
    if (opts.companyId) {
      params.push(opts.companyId);
      where += ` and company_id = $${params.length}`;
    }
    if (opts.countryCode) {
      params.push(opts.countryCode);
      where += ` and country_code = $${params.length}`;
    }
    const [count] = await this.db.query<{ n: number }>(`select count(*)::int as n from monitors where ${where}`, params);
    if (opts.before) {
      params.push(opts.before.createdAt, opts.before.id);
      where += ` and (created_at, id) < ($${params.length - 1}, $${params.length})`;
    }
    params.push(opts.limit);
    const rows = await this.db.query<MonitorRow>(
      `select ${MONITOR_COLUMNS} from monitors where ${where} order by created_at desc, id desc limit $${params.length}`,
      params,
    );
    return { rows, total: count?.n ?? 0 };
  }

  /** Stops a monitor; false when it was not active. */
  async deactivate(tx: Queryable, id: string, at: Date): Promise<boolean> {
    const rows = await tx.query(
      `update monitors set status = 'deactivated', deactivated_at = $2 where id = $1 and status = 'active' returning id`,
      [id, at],
    );
    return rows.length > 0;
  }

  /** Stops several monitors (a company left its register); those no longer active are left as they are. */
  async deactivateMany(tx: Queryable, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length)
      await tx.query(`update monitors set status = 'deactivated', deactivated_at = $2 where id = any($1) and status = 'active'`, [ids, at]);
  }

  /** The active monitors of some companies, by id, locked for the rest of the transaction (one check at a time). */
  async activeOfCompaniesForUpdate(tx: Queryable, keys: readonly { countryCode: string; companyId: string }[]): Promise<MonitorRow[]> {
    return tx.query<MonitorRow>(
      `select ${MONITOR_COLUMNS} from monitors
        where (country_code, company_id) in (select * from unnest($1::text[], $2::text[])) and status = 'active'
        order by id for update`,
      [keys.map((k) => k.countryCode), keys.map((k) => k.companyId)],
    );
  }

  /** The account's active monitor of a company, if any. */
  async activeOf(accountId: string, countryCode: string, companyId: string): Promise<MonitorRow | undefined> {
    const [row] = await this.db.query<MonitorRow>(
      `select ${MONITOR_COLUMNS} from monitors where account_id = $1 and country_code = $2 and company_id = $3 and status = 'active'`,
      [accountId, countryCode, companyId],
    );
    return row;
  }

  /** Records that the monitors saw their company's snapshot `version` at `at`. */
  async markChecked(tx: Queryable, seen: readonly { id: string; version: number }[], at: Date): Promise<void> {
    if (!seen.length) return;
    await tx.query(
      `update monitors m set seen_version = s.version, last_checked_at = $3
         from unnest($1::text[], $2::int[]) as s(id, version) where m.id = s.id`,
      [seen.map((s) => s.id), seen.map((s) => s.version), at],
    );
  }

  async insertLogs(tx: Queryable, logs: MonitorLogRow[]): Promise<void> {
    if (!logs.length) return;
    await tx.query(
      `insert into monitor_logs (id, monitor_id, change_detected, change_categories, fetch_status, error_message, created_at, read_from)
       select * from unnest($1::text[], $2::text[], $3::boolean[], $4::jsonb[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])`,
      [
        logs.map((l) => l.id),
        logs.map((l) => l.monitorId),
        logs.map((l) => l.changeDetected),
        logs.map((l) => JSON.stringify(l.changeCategories)),
        logs.map((l) => l.fetchStatus),
        logs.map((l) => l.errorMessage),
        logs.map((l) => l.createdAt),
        logs.map((l) => l.readFrom),
      ],
    );
  }

  /** Newest first; `before`: the position of the last row of the previous page. */
  async logs(monitorId: string, limit: number, before?: { createdAt: Date; id: string }): Promise<MonitorLogRow[]> {
    return this.db.query<MonitorLogRow>(
      `select ${LOG_COLUMNS} from monitor_logs where monitor_id = $1
          and ($3::timestamptz is null or (created_at, id) < ($3::timestamptz, $4::text))
        order by created_at desc, id desc limit $2`,
      [monitorId, limit, before?.createdAt ?? null, before?.id ?? null],
    );
  }
}
