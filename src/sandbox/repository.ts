import type { Db } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { SandboxBehaviour, SandboxRecord } from './store.ts';

interface Row {
  country_code: string;
  company_id: string;
  record: unknown;
  behaviour: SandboxBehaviour;
  removed_at: Date | null;
}

const toRecord = <R>(r: Row): SandboxRecord<R> => ({
  countryCode: r.country_code,
  companyId: r.company_id,
  record: r.record as R,
  behaviour: r.behaviour ?? {},
  removed: r.removed_at !== null,
});

/** A stored company and its row's version (see `SandboxRepository.snapshot`). */
export interface VersionedRecord<R = unknown> {
  record: SandboxRecord<R>;
  version: string;
}

/** The emulated registers' state (tables sandbox_companies and sandbox_outages). */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores a company (back in the register if it had left). Each write takes the next `change_seq`, the order the US-NY
   * change feed reads the operator's writes in (022_sandbox_change_order).
   */
  async put(countryCode: string, companyId: string, record: unknown, behaviour: SandboxBehaviour, at: Date): Promise<void> {
    await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, $3::jsonb, $4::jsonb, null, $5)
       on conflict (country_code, company_id)
       do update set record = excluded.record, behaviour = excluded.behaviour, removed_at = null, updated_at = excluded.updated_at,
                     change_seq = nextval('sandbox_change_seq')`,
      [countryCode, companyId, json(record), json(behaviour), at],
    );
  }

  /** Marks a company as having left the register at `at`. */
  async markRemoved(countryCode: string, companyId: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, 'null'::jsonb, '{}'::jsonb, $3, $3)
       on conflict (country_code, company_id) do update set removed_at = $3, updated_at = $3, change_seq = nextval('sandbox_change_seq')
       returning company_id`,
      [countryCode, companyId, at],
    );
    return rows.length > 0;
  }

  /**
   * A register's whole sandbox state in one statement: every stored company, removed ones included (ordered by id),
   * with its row's version, and the end of its outage. The left joins answer one row even when nothing is stored.
   * A row's version (`xmin`, the transaction that wrote it) changes with every write of the row, so that a reader can
   * keep what it made of an unchanged record instead of parsing it again.
   */
  async snapshot<R = unknown>(countryCode: string): Promise<{ records: VersionedRecord<R>[]; outageUntil?: Date }> {
    const rows = await this.db.query<
      Omit<Row, 'country_code' | 'company_id'> & { company_id: string | null; version: string | null; until: Date | null }
    >(
      `select c.company_id, c.xmin::text as version, c.record, c.behaviour, c.removed_at, o.until
         from (select $1::text as country_code) k
         left join sandbox_companies c on c.country_code = k.country_code
         left join sandbox_outages o on o.country_code = k.country_code
        order by c.company_id`,
      [countryCode],
    );
    const records = rows.flatMap((r) =>
      r.company_id === null
        ? []
        : [{ record: toRecord<R>({ ...r, country_code: countryCode, company_id: r.company_id }), version: r.version ?? '' }],
    );
    const until = rows[0]?.until;
    return until ? { records, outageUntil: until } : { records };
  }

  /** Takes one failure from a company's `failTimes`, atomically across processes; true when there was one. */
  async consumeFailure(countryCode: string, companyId: string): Promise<boolean> {
    const rows = await this.db.query(
      `update sandbox_companies
          set behaviour = jsonb_set(behaviour, '{failTimes}', to_jsonb((behaviour->>'failTimes')::int - 1))
        where country_code = $1 and company_id = $2 and coalesce((behaviour->>'failTimes')::int, 0) > 0
        returning company_id`,
      [countryCode, companyId],
    );
    return rows.length > 0;
  }

  async setOutageUntil(countryCode: string, until: Date): Promise<void> {
    await this.db.query(
      `insert into sandbox_outages (country_code, until) values ($1, $2)
       on conflict (country_code) do update set until = excluded.until`,
      [countryCode, until],
    );
  }
}
