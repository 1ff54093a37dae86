import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../store/db.ts';
import { SNAPSHOT_TOTALS_KIND } from './emulator/psc-snapshot.ts';
import { looksLikeNumber, normaliseNumber } from './ids.ts';
import { GbPscSchema, type GbPsc } from './record.ts';

/** The product is published daily: a snapshot generated longer ago than this is stale (a missed day, with margin). */
export const SNAPSHOT_FRESH_MS = 36 * 3_600_000;
const BATCH = 1000;
/** A staged run this much older than a new one was left by a process that stopped: its rows are removed. */
const STAGING_ABANDONED_MS = 86_400_000;

const Totals = z.looseObject({
  kind: z.literal(SNAPSHOT_TOTALS_KIND),
  generated_at: z.string().datetime({ offset: true }).optional(),
  persons_of_significant_control_count: z.number().int().min(0),
  statements_count: z.number().int().min(0),
});
const Line = z.looseObject({ company_number: z.string().optional(), data: z.unknown() });

export interface SnapshotState {
  generatedAt: Date;
  appliedAt: Date;
  companies: number;
  pscs: number;
  statements: number;
  skipped: number;
}

/** A file that is not a whole snapshot (cut short, or not the product): the snapshot in the store stays. */
export class IncompleteSnapshotError extends Error {
  override readonly name = 'IncompleteSnapshotError';
}

/**
 * Ingests the PSC snapshot (JSON lines, registers/gb.md: the text, or its lines as they download) into
 * gb_psc_snapshot, replacing it whole. The last line's totals must match what the file holds, else it is refused: a
 * download cut short would otherwise make owners vanish. A line the register's PSC shape does not parse is skipped and
 * counted, not fatal. Rows are staged in the store as they arrive (gb_psc_snapshot_staging, never all in memory) and
 * moved in one transaction once the totals are checked, so readers see the old snapshot or the new one, whole.
 */
export async function ingestPscSnapshot(
  db: Db,
  source: string | Iterable<string> | AsyncIterable<string>,
  appliedAt: Date,
): Promise<SnapshotState> {
  const run = randomUUID();
  await db.query('delete from gb_psc_snapshot_staging where started_at < $1', [new Date(appliedAt.getTime() - STAGING_ABANDONED_MS)]);
  let rows: { company_number: string; line: number; psc: GbPsc }[] = [];
  const stage = async () => {
    if (!rows.length) return;
    const batch = rows;
    rows = [];
    await db.query(
      `insert into gb_psc_snapshot_staging (run, started_at, company_number, line, psc)
       select $1, $2, company_number, line, psc from jsonb_to_recordset($3::jsonb) as r(company_number text, line integer, psc jsonb)`,
      [run, appliedAt, JSON.stringify(batch)],
    );
  };
  try {
    let pscs = 0;
    let statements = 0;
    let skipped = 0;
    let totals: z.infer<typeof Totals> | undefined;
    let n = 0;
    for await (const raw of typeof source === 'string' ? source.split('\n') : source) {
      if (!raw.trim()) continue;
      n++;
      const line = Line.safeParse(safeJson(raw));
      const total = line.success && !line.data.company_number ? Totals.safeParse(line.data.data) : undefined;
      if (total?.success) {
        totals = total.data;
        continue;
      }
      const psc = line.success ? GbPscSchema.safeParse(line.data.data) : undefined;
      const number = line.success ? line.data.company_number?.trim() : undefined;
      if (!psc?.success || !number || !looksLikeNumber(number)) {
        skipped++;
        continue;
      }
      if (psc.data.kind === 'persons-with-significant-control-statement') statements++;
      else pscs++;
      rows.push({ company_number: normaliseNumber(number), line: n, psc: psc.data });
      if (rows.length >= BATCH) await stage();
    }
    await stage();
    if (!totals) throw new IncompleteSnapshotError('the PSC snapshot has no totals line: cut short?');
    const counted = pscs + statements + skipped;
    const expected = totals.persons_of_significant_control_count + totals.statements_count;
    if (counted < expected)
      throw new IncompleteSnapshotError(`the PSC snapshot holds ${counted} lines where its totals count ${expected}: cut short?`);
    const generatedAt = totals.generated_at ? new Date(totals.generated_at) : appliedAt;
    return await db.transaction(async (tx) => {
      const [c] = await tx.query<{ n: number }>(
        'select count(distinct company_number)::integer as n from gb_psc_snapshot_staging where run = $1',
        [run],
      );
      const state: SnapshotState = { generatedAt, appliedAt, companies: c?.n ?? 0, pscs, statements, skipped };
      await tx.query('delete from gb_psc_snapshot');
      await tx.query(
        `insert into gb_psc_snapshot (company_number, line, psc)
         select company_number, line, psc from gb_psc_snapshot_staging where run = $1`,
        [run],
      );
      await tx.query(
        `insert into gb_psc_snapshot_state (id, generated_at, applied_at, companies, pscs, statements, skipped)
         values (1, $1, $2, $3, $4, $5, $6)
         on conflict (id) do update set generated_at = excluded.generated_at, applied_at = excluded.applied_at,
           companies = excluded.companies, pscs = excluded.pscs, statements = excluded.statements, skipped = excluded.skipped`,
        [generatedAt, appliedAt, state.companies, pscs, statements, skipped],
      );
      return state;
    });
  } finally {
    await db.query('delete from gb_psc_snapshot_staging where run = $1', [run]).catch(() => undefined);
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export async function snapshotState(db: Db): Promise<SnapshotState | undefined> {
  type Row = { generated_at: Date; applied_at: Date; companies: number; pscs: number; statements: number; skipped: number };
  const [r] = await db.query<Row>('select * from gb_psc_snapshot_state where id = 1');
  return (
    r && {
      generatedAt: r.generated_at,
      appliedAt: r.applied_at,
      companies: r.companies,
      pscs: r.pscs,
      statements: r.statements,
      skipped: r.skipped,
    }
  );
}

/**
 * A company's PSCs and statements from the snapshot, when the snapshot is fresh (generated within SNAPSHOT_FRESH_MS of
 * `now`) and holds the company. Undefined otherwise: the caller asks the REST API (a company incorporated since the
 * snapshot, or one without any PSC entry, is not in it).
 */
export async function snapshotPscs(db: Db, companyNumber: string, now: Date): Promise<{ pscs: GbPsc[]; generatedAt: Date } | undefined> {
  const state = await snapshotState(db);
  if (!state || now.getTime() - state.generatedAt.getTime() > SNAPSHOT_FRESH_MS) return undefined;
  const rows = await db.query<{ psc: GbPsc }>('select psc from gb_psc_snapshot where company_number = $1 order by line', [companyNumber]);
  return rows.length ? { pscs: rows.map((r) => r.psc), generatedAt: state.generatedAt } : undefined;
}
