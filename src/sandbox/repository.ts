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

/** The emulated registers' state (tables sandbox_companies and sandbox_outages). */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  async get<R = unknown>(countryCode: string, companyId: string): Promise<SandboxRecord<R> | undefined> {
    const [row] = await this.db.query<Row>('select * from sandbox_companies where country_code = $1 and company_id = $2', [
      countryCode,
      companyId,
    ]);
    return row ? toRecord<R>(row) : undefined;
  }

  /** Every stored company of a register that is still in it; with `removed`, those removed from it as well. */
  async list<R = unknown>(countryCode: string, opts: { removed?: boolean } = {}): Promise<SandboxRecord<R>[]> {
    const rows = await this.db.query<Row>(
      `select * from sandbox_companies where country_code = $1 ${opts.removed ? '' : 'and removed_at is null'} order by company_id`,
      [countryCode],
    );
    return rows.map((r) => toRecord<R>(r));
  }

  /** Stores a company (back in the register if it had left). */
  async put(countryCode: string, companyId: string, record: unknown, behaviour: SandboxBehaviour, at: Date): Promise<void> {
    await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, $3::jsonb, $4::jsonb, null, $5)
       on conflict (country_code, company_id)
       do update set record = excluded.record, behaviour = excluded.behaviour, removed_at = null, updated_at = excluded.updated_at`,
      [countryCode, companyId, json(record), json(behaviour), at],
    );
  }

  /** Marks a company as having left the register at `at`. */
  async markRemoved(countryCode: string, companyId: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, 'null'::jsonb, '{}'::jsonb, $3, $3)
       on conflict (country_code, company_id) do update set removed_at = $3, updated_at = $3
       returning company_id`,
      [countryCode, companyId, at],
    );
    return rows.length > 0;
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

  /** The end of the register's outage, if one was ever set. */
  async outageUntil(countryCode: string): Promise<Date | undefined> {
    const [row] = await this.db.query<{ until: Date }>('select until from sandbox_outages where country_code = $1', [countryCode]);
    return row?.until;
  }
}
