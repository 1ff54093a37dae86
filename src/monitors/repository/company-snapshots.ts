import type { ChangeCategory } from '../../contract/index.ts';
import type { Db, Queryable } from '../../store/db.ts';
import { json } from '../../store/db.ts';
import type { FieldChange } from '../diff.ts';
import type { MonitoredView } from '../view.ts';
import { type CompanyKey, keyOf } from '../types.ts';

export interface MonitoredCompanyRow {
  countryCode: string;
  companyId: string;
  version: number;
  data: MonitoredView | null;
  status: 'present' | 'disappeared';
  nextCheckAt: Date;
  lastCheckedAt: Date | null;
  failures: number;
  /** When a check last read the company at its register; null once its register's feed has named it since. */
  registerReadAt: Date | null;
  /** The register's `mappingVersion` that made `data` (023_monitor_mapping_version). */
  mappingVersion: number;
  /**
   * The digest of the register's answer `data` was last read from (`Fetched.answerDigest`), where the register gives
   * one (024_monitor_answer_digest).
   */
  answerDigest: string | null;
}

/** A company due for a check, and since when. */
export interface DueCompany extends CompanyKey {
  nextCheckAt: Date;
}

/** A snapshot of a company's history: the view a check saw and what changed since the version before. */
export interface CompanyVersion extends CompanyKey {
  version: number;
  data: MonitoredView | null;
  changes: FieldChange[];
  categories: ChangeCategory[];
  at: Date;
}

const COLUMNS = `country_code as "countryCode", company_id as "companyId", version, data, status,
  next_check_at as "nextCheckAt", last_checked_at as "lastCheckedAt", failures, register_read_at as "registerReadAt",
  mapping_version as "mappingVersion", answer_digest as "answerDigest"`;

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

  /** Several companies at once, by `keyOf`. */
  async getMany(keys: readonly CompanyKey[]): Promise<Map<string, MonitoredCompanyRow>> {
    return byKey(await selectByKeys<MonitoredCompanyRow>(this.db, COLUMNS, keys));
  }

  /** When each of these companies is checked next, for those still in their register (by `keyOf`). */
  async nextChecks(keys: readonly CompanyKey[]): Promise<Map<string, Date>> {
    if (keys.length === 0) return new Map();
    const rows = await selectByKeys<CompanyKey & { nextCheckAt: Date; status: string }>(
      this.db,
      `country_code as "countryCode", company_id as "companyId", next_check_at as "nextCheckAt", status`,
      keys,
    );
    return new Map(rows.filter((r) => r.status === 'present').map((r) => [keyOf(r), r.nextCheckAt]));
  }

  /** The legal name of each company's latest snapshot (none before its first check or after it disappeared). */
  async names(keys: readonly CompanyKey[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await selectByKeys<CompanyKey & { name: string | null }>(
      this.db,
      `country_code as "countryCode", company_id as "companyId", data->'company'->>'legalName' as name`,
      keys,
    );
    return new Map(rows.filter((r) => r.name).map((r) => [keyOf(r), r.name!]));
  }

  /** Several companies locked for the rest of the transaction, in key order (so that batches never deadlock). */
  async lockMany(tx: Queryable, keys: readonly CompanyKey[]): Promise<Map<string, MonitoredCompanyRow>> {
    return byKey(await selectByKeys<MonitoredCompanyRow>(tx, COLUMNS, keys, 'order by country_code, company_id for update'));
  }

  /**
   * Companies due for a check with at least one active monitor, oldest due first (then by key); with `after`, those
   * after that one in this order, of the registers `countryCodes` only (the next page of a sweep).
   */
  async due(now: Date, limit: number, after?: { row: DueCompany; countryCodes: readonly string[] }): Promise<DueCompany[]> {
    const page = after ? `and (c.next_check_at, c.country_code, c.company_id) > ($3, $4, $5) and c.country_code = any($6)` : '';
    return this.db.query(
      `select c.country_code as "countryCode", c.company_id as "companyId", c.next_check_at as "nextCheckAt"
         from monitored_companies c
        where c.status = 'present' and c.next_check_at <= $1 ${page}
          and exists (select 1 from monitors m where m.country_code = c.country_code and m.company_id = c.company_id and m.status = 'active')
        order by c.next_check_at, c.country_code, c.company_id limit $2`,
      after ? [now, limit, after.row.nextCheckAt, after.row.countryCode, after.row.companyId, after.countryCodes] : [now, limit],
    );
  }

  /**
   * Makes the given companies of a register due now (its feed said they changed), to be read at the register (their
   * read time cleared); returns how many. A company already due is moved to now as well: a check of it in flight may
   * have read the register before this change, or be a confirmation by the feed, and a check records only if the
   * company is still due when it was sent (CompanyChecker), so that one is dropped and the next sweep reads the
   * register again.
   */
  async markDue(countryCode: string, companyIds: string[], now: Date): Promise<number> {
    if (!companyIds.length) return 0;
    const rows = await this.db.query(
      `update monitored_companies set next_check_at = $3, register_read_at = null
        where country_code = $1 and company_id = any($2) and status = 'present'
          and (next_check_at <> $3 or register_read_at is not null) returning company_id`,
      [countryCode, companyIds, now],
    );
    return rows.length;
  }

  /** The rows of several checks (a check's next schedule, snapshot and read time), in one statement. */
  async updateMany(tx: Queryable, rows: readonly MonitoredCompanyRow[]): Promise<void> {
    if (!rows.length) return;
    await tx.query(
      `update monitored_companies c
          set version = u.version, data = u.data::jsonb, status = u.status, next_check_at = u.next_check_at,
              last_checked_at = u.last_checked_at, failures = u.failures, register_read_at = u.register_read_at,
              mapping_version = u.mapping_version, answer_digest = u.answer_digest
         from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[], $8::int[],
                     $9::timestamptz[], $10::int[], $11::text[])
           as u(country_code, company_id, version, data, status, next_check_at, last_checked_at, failures, register_read_at,
                mapping_version, answer_digest)
        where c.country_code = u.country_code and c.company_id = u.company_id`,
      [
        rows.map((r) => r.countryCode),
        rows.map((r) => r.companyId),
        rows.map((r) => r.version),
        rows.map((r) => (r.data === null ? null : json(r.data))),
        rows.map((r) => r.status),
        rows.map((r) => r.nextCheckAt),
        rows.map((r) => r.lastCheckedAt),
        rows.map((r) => r.failures),
        rows.map((r) => r.registerReadAt),
        rows.map((r) => r.mappingVersion),
        rows.map((r) => r.answerDigest),
      ],
    );
  }

  /** New snapshots of several companies, in one statement. */
  async insertVersions(tx: Queryable, versions: readonly CompanyVersion[]): Promise<void> {
    if (!versions.length) return;
    await tx.query(
      `insert into monitored_company_versions (country_code, company_id, version, data, changes, categories, created_at)
       select country_code, company_id, version, data::jsonb, changes::jsonb, categories::jsonb, created_at
         from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           as v(country_code, company_id, version, data, changes, categories, created_at)`,
      [
        versions.map((v) => v.countryCode),
        versions.map((v) => v.companyId),
        versions.map((v) => v.version),
        versions.map((v) => (v.data === null ? null : json(v.data))),
        versions.map((v) => json(v.changes)),
        versions.map((v) => json(v.categories)),
        versions.map((v) => v.at),
      ],
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

  /** When each register's change feed was last read whole (`updated_at`, written by every successful read). */
  async feedReads(): Promise<Map<string, Date>> {
    const rows = await this.db.query<{ countryCode: string; readAt: Date }>(
      'select country_code as "countryCode", updated_at as "readAt" from monitor_feed_cursors',
    );
    return new Map(rows.map((r) => [r.countryCode, r.readAt]));
  }

  /**
   * Records where a feed was read up to, and when (the monitor view's next check of a feed register); with
   * `coveredUntil` once it was read to its end: the time up to which the feed was then complete (kept otherwise).
   */
  async saveFeedCursor(countryCode: string, cursor: string, at: Date, coveredUntil?: Date): Promise<void> {
    await this.db.query(
      `insert into monitor_feed_cursors (country_code, cursor, updated_at, covered_until) values ($1, $2, $3, $4)
       on conflict (country_code) do update set cursor = excluded.cursor, updated_at = excluded.updated_at,
         covered_until = coalesce(excluded.covered_until, monitor_feed_cursors.covered_until)`,
      [countryCode, cursor, at, coveredUntil ?? null],
    );
  }

  /**
   * For each feed register whose feed says how far it is complete: the time up to which every change it published
   * had been read (and its companies marked due) at the feed's last complete read.
   */
  async feedCoverage(): Promise<Map<string, Date>> {
    const rows = await this.db.query<{ countryCode: string; coveredUntil: Date }>(
      'select country_code as "countryCode", covered_until as "coveredUntil" from monitor_feed_cursors where covered_until is not null',
    );
    return new Map(rows.map((r) => [r.countryCode, r.coveredUntil]));
  }
}

/** The rows of `monitored_companies` with these keys, in one statement. */
function selectByKeys<Row>(q: Queryable, columns: string, keys: readonly CompanyKey[], tail = ''): Promise<Row[]> {
  return q.query<Row>(
    `select ${columns} from monitored_companies
      where (country_code, company_id) in (select * from unnest($1::text[], $2::text[])) ${tail}`,
    [keys.map((k) => k.countryCode), keys.map((k) => k.companyId)],
  );
}

const byKey = <Row extends CompanyKey>(rows: Row[]) => new Map(rows.map((r) => [keyOf(r), r]));
