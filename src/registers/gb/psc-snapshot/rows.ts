import { z } from 'zod';
import { SNAPSHOT_TOTALS_KIND } from '../emulator/psc-snapshot.ts';
import { looksLikeNumber, normaliseNumber } from '../ids.ts';
import { GbPscSchema } from '../record.ts';

/** Rows per batch written to the store: one statement each. */
const BATCH = 1000;

const Totals = z.looseObject({
  kind: z.literal(SNAPSHOT_TOTALS_KIND),
  generated_at: z.string().datetime({ offset: true }).optional(),
  persons_of_significant_control_count: z.number().int().min(0),
  statements_count: z.number().int().min(0),
});
const Line = z.looseObject({ company_number: z.string().optional(), data: z.unknown() });

export type SnapshotTotals = z.infer<typeof Totals>;

/** What a snapshot file held: its PSCs and statements, the lines skipped, and its totals line when there was one. */
export interface SnapshotTally {
  pscs: number;
  statements: number;
  skipped: number;
  totals?: SnapshotTotals;
}

/**
 * The rows of a PSC snapshot's lines (registers/gb.md), in batches ready for the store: each batch is the JSON text
 * of `[{company_number, line, psc}]`, as `jsonb_to_recordset` reads it, so the thread that writes it does not parse it
 * again. A line the register's PSC shape does not parse is skipped and counted, not fatal; the totals line is kept
 * in `tally`, not written.
 */
export async function* snapshotRows(lines: Iterable<string> | AsyncIterable<string>, tally: SnapshotTally): AsyncGenerator<string> {
  let batch: string[] = [];
  let n = 0;
  for await (const raw of lines) {
    if (!raw.trim()) continue;
    n++;
    const line = Line.safeParse(safeJson(raw));
    const total = line.success && !line.data.company_number ? Totals.safeParse(line.data.data) : undefined;
    if (total?.success) {
      tally.totals = total.data;
      continue;
    }
    const psc = line.success ? GbPscSchema.safeParse(line.data.data) : undefined;
    const number = line.success ? line.data.company_number?.trim() : undefined;
    if (!psc?.success || !number || !looksLikeNumber(number)) {
      tally.skipped++;
      continue;
    }
    if (psc.data.kind === 'persons-with-significant-control-statement') tally.statements++;
    else tally.pscs++;
    batch.push(JSON.stringify({ company_number: normaliseNumber(number), line: n, psc: psc.data }));
    if (batch.length >= BATCH) {
      yield `[${batch.join(',')}]`;
      batch = [];
    }
  }
  if (batch.length) yield `[${batch.join(',')}]`;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
