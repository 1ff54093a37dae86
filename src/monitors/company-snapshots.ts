import type { ChangeCategory } from '../contract/index.ts';
import type { Db, Queryable } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { FieldChange } from './diff.ts';
import type { MonitoredView } from './view.ts';

export interface MonitoredCompanyRow {
  countryCode: string;
  companyId: string;
  version: number;
  data: MonitoredView | null;
  status: 'present' | 'disappeared';
  nextCheckAt: Date;
  lastCheckedAt: Date | null;
  failures: number;
}

export interface CompanyKey {
  countryCode: string;
  companyId: string;
}

const COLUMNS = `country_code as "countryCode", company_id as "companyId", version, data, status,
  next_check_at as "nextCheckAt", last_checked_at as "lastCheckedAt", failures`;

/** The companies under monitoring: their check schedule, latest snapshot and snapshot history. */
export class CompanySnapshots {
  constructor(private readonly db: Db) {}

  /** Puts a company under monitoring (due at `dueAt`) unless it is already. */
  async ensure(tx: Queryable, key: CompanyKey, dueAt: Date): Promise<void> {
    await tx.query(
      `insert into monitored_companies (country_code, company_id, next_check_at) values ($1, $2, $3)
       on conflict (country_code, company_id) do nothing`,
      [key.countryCode, key.companyId, dueAt],
    );
  }

  async lock(tx: Queryable, key: CompanyKey): Promise<MonitoredCompanyRow | undefined> {
    const [row] = await tx.query<MonitoredCompanyRow>(
      `select ${COLUMNS} from monitored_companies where country_code = $1 and company_id = $2 for update`,
      [key.countryCode, key.companyId],
    );
    return row;
  }

  async get(key: CompanyKey): Promise<MonitoredCompanyRow | undefined> {
    const [row] = await this.db.query<MonitoredCompanyRow>(
      `select ${COLUMNS} from monitored_companies where country_code = $1 and company_id = $2`,
      [key.countryCode, key.companyId],
    );
    return row;
  }

  /** Companies due for a check with at least one active monitor, oldest due first. */
  async due(now: Date, limit: number): Promise<(CompanyKey & { nextCheckAt: Date })[]> {
    return this.db.query(
      `select c.country_code as "countryCode", c.company_id as "companyId", c.next_check_at as "nextCheckAt"
         from monitored_companies c
        where c.status = 'present' and c.next_check_at <= $1
          and exists (select 1 from monitors m where m.country_code = c.country_code and m.company_id = c.company_id and m.status = 'active')
        order by c.next_check_at limit $2`,
      [now, limit],
    );
  }

  /** Makes the given companies of a register due now (a snapshot said they changed); returns how many. */
  async markDue(countryCode: string, companyIds: string[], now: Date): Promise<number> {
    if (!companyIds.length) return 0;
    const rows = await this.db.query(
      `update monitored_companies set next_check_at = $3
        where country_code = $1 and company_id = any($2) and status = 'present' and next_check_at > $3 returning company_id`,
      [countryCode, companyIds, now],
    );
    return rows.length;
  }

  async update(tx: Queryable, row: MonitoredCompanyRow): Promise<void> {
    await tx.query(
      `update monitored_companies set version = $3, data = $4::jsonb, status = $5, next_check_at = $6, last_checked_at = $7, failures = $8
        where country_code = $1 and company_id = $2`,
      [row.countryCode, row.companyId, row.version, row.data === null ? null : json(row.data), row.status, row.nextCheckAt, row.lastCheckedAt, row.failures],
    );
  }

  async insertVersion(
    tx: Queryable,
    key: CompanyKey,
    v: { version: number; data: MonitoredView | null; changes: FieldChange[]; categories: ChangeCategory[]; at: Date },
  ): Promise<void> {
    await tx.query(
      `insert into monitored_company_versions (country_code, company_id, version, data, changes, categories, created_at)
       values ($1, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7)`,
      [key.countryCode, key.companyId, v.version, v.data === null ? null : json(v.data), json(v.changes), json(v.categories), v.at],
    );
  }

  /** The data of an earlier snapshot (for a monitor that last saw it). */
  async versionData(tx: Queryable, key: CompanyKey, version: number): Promise<MonitoredView | null | undefined> {
    const [row] = await tx.query<{ data: MonitoredView | null }>(
      `select data from monitored_company_versions where country_code = $1 and company_id = $2 and version = $3`,
      [key.countryCode, key.companyId, version],
    );
    return row ? row.data : undefined;
  }

  async feedCursor(countryCode: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ cursor: string }>('select cursor from monitor_feed_cursors where country_code = $1', [countryCode]);
    return row?.cursor;
  }

  async saveFeedCursor(countryCode: string, cursor: string, at: Date): Promise<void> {
    await this.db.query(
      `insert into monitor_feed_cursors (country_code, cursor, updated_at) values ($1, $2, $3)
       on conflict (country_code) do update set cursor = excluded.cursor, updated_at = excluded.updated_at`,
      [countryCode, cursor, at],
    );
  }
}
