import { randomUUID } from 'node:crypto';
import { batchesFromWorker } from '../../../shared/worker-batches.ts';
import type { Db } from '../../../store/db.ts';
import type { GbPsc } from '../record.ts';
import { type SnapshotTally, snapshotRows } from './rows.ts';

/** The product is published daily: a snapshot generated longer ago than this is stale (a missed day, with margin). */
export const SNAPSHOT_FRESH_MS = 36 * 3_600_000;
/** A run this much older than a new one, and not the snapshot, was left by a process that stopped: its rows go. */
const RUN_ABANDONED_MS = 86_400_000;
const WORKER = new URL('./worker.ts', import.meta.url);

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
 * Ingests the PSC snapshot (JSON lines, registers/gb.md) from the product's files as they download (`sources`: URLs
 * or local paths, zipped as the register publishes them or not), read and parsed in a worker thread: the register's
 * ten million lines would otherwise hold the event loop that serves the API for minutes a day.
 */
export function ingestPscSnapshotFiles(db: Db, sources: readonly string[], appliedAt: Date): Promise<SnapshotState> {
  async function* batches(): AsyncGenerator<string, SnapshotTally> {
    const decoder = new TextDecoder();
    const read = batchesFromWorker<SnapshotTally>(WORKER, { sources }, 'the PSC snapshot');
    try {
      for (let next = await read.next(); ; next = await read.next()) {
        if (next.done) return next.value;
        yield decoder.decode(next.value);
      }
    } finally {
      // Refused or failed before the end: the worker stops its download.
      await read.return(undefined as never);
    }
  }
  return applySnapshot(db, batches(), appliedAt);
}

/** Ingests a PSC snapshot given as its text or its lines, parsed on this thread (tests, small files). */
export function ingestPscSnapshot(
  db: Db,
  source: string | Iterable<string> | AsyncIterable<string>,
  appliedAt: Date,
): Promise<SnapshotState> {
  async function* batches(): AsyncGenerator<string, SnapshotTally> {
    const tally: SnapshotTally = { pscs: 0, statements: 0, skipped: 0 };
    yield* snapshotRows(typeof source === 'string' ? source.split('\n') : source, tally);
    return tally;
  }
  return applySnapshot(db, batches(), appliedAt);
}

/**
 * Replaces the stored snapshot with the rows of `batches`, whole. The file's totals line must match what it holds,
 * else it is refused: a download cut short would otherwise make owners vanish. The rows are written as they arrive
 * under a run of their own (gb_psc_snapshot_lines, never all in memory) beside the snapshot's; once the totals are
 * checked, one update makes the run the snapshot (readers see the old one or the new one, whole, and ten million rows
 * are not copied), then the old run's rows are deleted. A refused run's rows are deleted at once; those of a process
 * that stopped mid-way, by the next run a day later.
 */
async function applySnapshot(db: Db, batches: AsyncGenerator<string, SnapshotTally>, appliedAt: Date): Promise<SnapshotState> {
  const run = randomUUID();
  await removeAbandonedRuns(db, appliedAt);
  await db.query('insert into gb_psc_snapshot_runs (run, started_at) values ($1, $2)', [run, appliedAt]);
  let current = false;
  try {
    let next = await batches.next();
    while (!next.done) {
      await db.query(
        `insert into gb_psc_snapshot_lines (run, company_number, line, psc)
         select $1, company_number, line, psc from jsonb_to_recordset($2::jsonb) as r(company_number text, line integer, psc jsonb)`,
        [run, next.value],
      );
      next = await batches.next();
    }
    const { pscs, statements, skipped, totals } = next.value;
    if (!totals) throw new IncompleteSnapshotError('the PSC snapshot has no totals line: cut short?');
    const counted = pscs + statements + skipped;
    const expected = totals.persons_of_significant_control_count + totals.statements_count;
    if (counted < expected)
      throw new IncompleteSnapshotError(`the PSC snapshot holds ${counted} lines where its totals count ${expected}: cut short?`);
    const generatedAt = totals.generated_at ? new Date(totals.generated_at) : appliedAt;
    const [c] = await db.query<{ n: number }>(
      'select count(distinct company_number)::integer as n from gb_psc_snapshot_lines where run = $1',
      [run],
    );
    const state: SnapshotState = { generatedAt, appliedAt, companies: c?.n ?? 0, pscs, statements, skipped };
    const previous = await db.transaction(async (tx) => {
      const [old] = await tx.query<{ run: string }>('select run from gb_psc_snapshot_state where id = 1 for update');
      await tx.query(
        `insert into gb_psc_snapshot_state (id, run, generated_at, applied_at, companies, pscs, statements, skipped)
         values (1, $1, $2, $3, $4, $5, $6, $7)
         on conflict (id) do update set run = excluded.run, generated_at = excluded.generated_at, applied_at = excluded.applied_at,
           companies = excluded.companies, pscs = excluded.pscs, statements = excluded.statements, skipped = excluded.skipped`,
        [run, generatedAt, appliedAt, state.companies, pscs, statements, skipped],
      );
      return old?.run;
    });
    current = true;
    if (previous) await removeRun(db, previous).catch(() => undefined);
    return state;
  } finally {
    if (!current) await removeRun(db, run).catch(() => undefined);
    await batches.return(undefined as never).catch(() => undefined);
  }
}

async function removeRun(db: Db, run: string): Promise<void> {
  await db.query('delete from gb_psc_snapshot_lines where run = $1', [run]);
  await db.query('delete from gb_psc_snapshot_runs where run = $1', [run]);
}

/** Runs begun more than a day before this one that never became the snapshot: their process stopped mid-way. */
async function removeAbandonedRuns(db: Db, now: Date): Promise<void> {
  const runs = await db.query<{ run: string }>(
    `select run from gb_psc_snapshot_runs
      where started_at < $1 and run is distinct from (select run from gb_psc_snapshot_state where id = 1)`,
    [new Date(now.getTime() - RUN_ABANDONED_MS)],
  );
  for (const { run } of runs) await removeRun(db, run);
}

export async function snapshotState(db: Db): Promise<SnapshotState | undefined> {
  type Row = { generated_at: Date; applied_at: Date; companies: number; pscs: number; statements: number; skipped: number };
  const [r] = await db.query<Row>(
    'select generated_at, applied_at, companies, pscs, statements, skipped from gb_psc_snapshot_state where id = 1',
  );
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
  const rows = await db.query<{ psc: GbPsc; generatedAt: Date }>(
    `select l.psc, s.generated_at as "generatedAt"
       from gb_psc_snapshot_state s join gb_psc_snapshot_lines l on l.run = s.run and l.company_number = $1
      where s.id = 1 order by l.line`,
    [companyNumber],
  );
  const generatedAt = rows[0]?.generatedAt;
  if (!generatedAt || now.getTime() - generatedAt.getTime() > SNAPSHOT_FRESH_MS) return undefined;
  return { pscs: rows.map((r) => r.psc), generatedAt };
}
