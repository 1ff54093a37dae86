import { z } from 'zod';
import type { Db } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';

/** Per-company behaviour of an emulated register (CONTRACT §5). */
export const SandboxBehaviour = z
  .object({
    latencyMs: z
      .union([
        z.number().int().min(0).max(3_600_000),
        z
          .object({
            search: z.number().int().min(0).max(3_600_000).optional(),
            profile: z.number().int().min(0).max(3_600_000).optional(),
            documents: z.number().int().min(0).max(3_600_000).optional(),
          })
          .strict(),
      ])
      .optional(),
    failTimes: z.number().int().min(0).max(1_000_000).optional().describe('How many next calls fail as unavailable.'),
    unavailable: z.boolean().optional().describe('Every call fails as unavailable.'),
    notFound: z.boolean().optional().describe('Every call answers not found.'),
  })
  .strict()
  .meta({ id: 'SandboxBehaviour' });
export type SandboxBehaviour = z.infer<typeof SandboxBehaviour>;

export type CallKind = 'search' | 'profile' | 'documents';

export interface SandboxRecord<R = unknown> {
  countryCode: string;
  companyId: string;
  record: R;
  behaviour: SandboxBehaviour;
  removed: boolean;
}

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

/**
 * The state of the emulated registers: companies stored by the operator, their behaviours, and outages.
 * Kept in the database so that every service process sees the same registers.
 */
export class SandboxStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

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

  async put(countryCode: string, companyId: string, record: unknown, behaviour: SandboxBehaviour = {}): Promise<void> {
    await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, $3::jsonb, $4::jsonb, null, $5)
       on conflict (country_code, company_id)
       do update set record = excluded.record, behaviour = excluded.behaviour, removed_at = null, updated_at = excluded.updated_at`,
      [countryCode, companyId, json(record), json(behaviour), this.clock.now()],
    );
  }

  /** Marks a company as having left the register; returns false when it was never stored. */
  async remove(countryCode: string, companyId: string): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db.query(
      `insert into sandbox_companies (country_code, company_id, record, behaviour, removed_at, updated_at)
       values ($1, $2, 'null'::jsonb, '{}'::jsonb, $3, $3)
       on conflict (country_code, company_id) do update set removed_at = $3, updated_at = $3
       returning company_id`,
      [countryCode, companyId, now],
    );
    return rows.length > 0;
  }

  /**
   * Takes one failure from a company's `failTimes`, atomically across processes.
   * True when this call must fail.
   */
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

  async setOutage(countryCode: string, durationMs: number): Promise<Date> {
    const until = new Date(this.clock.nowMs() + durationMs);
    await this.db.query(
      `insert into sandbox_outages (country_code, until) values ($1, $2)
       on conflict (country_code) do update set until = excluded.until`,
      [countryCode, until],
    );
    return until;
  }

  async isInOutage(countryCode: string): Promise<boolean> {
    const [row] = await this.db.query<{ until: Date }>('select until from sandbox_outages where country_code = $1', [countryCode]);
    return row !== undefined && row.until.getTime() > this.clock.nowMs();
  }
}

export type SandboxLatency = 'none' | 'fast' | 'realistic';

/** Scales a realistic register latency to the configured sandbox speed (fast = 1/100). */
export function scaleLatency(realisticMs: number, level: SandboxLatency): number {
  if (level === 'none') return 0;
  return level === 'fast' ? Math.round(realisticMs / 100) : realisticMs;
}

/** The latency a behaviour sets for one kind of call, if any. */
export function behaviourLatency(behaviour: SandboxBehaviour, kind: CallKind): number | undefined {
  const l = behaviour.latencyMs;
  return typeof l === 'number' ? l : l?.[kind];
}
