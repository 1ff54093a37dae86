import { z } from 'zod';
import { SnapshotRowSchema, type SnapshotEntity } from './columns.ts';
import { canonicalNames, normaliseNameEntry, normaliseRow } from './ingest/normalize.ts';
import { EntityRecordResponse, FilingHistoryItem } from './portal/protocol.ts';

/**
 * The portal's side of a sandbox company: what GetEntityRecordByID answers, plus, optionally, its filing history as
 * GetFilingHistoryByID lists it (`filingHistoryResultList`; a "CERTIFICATE OF MERGER" there makes the company the
 * survivor of a merger, see mapping/mergers.ts). Without the list the emulator derives one from the snapshot row.
 */
export const UsNySandboxLiveRecord = EntityRecordResponse.extend({
  filingHistoryResultList: z
    .array(FilingHistoryItem)
    .max(1000)
    .optional()
    .describe(
      'The filings GetFilingHistoryByID answers for the company, e.g. {fileDate, documentType: "CERTIFICATE OF MERGER", amendmentDescription: "MERGER OF ACME INC. (DOS ID 1234567) INTO …"}.',
    ),
}).meta({
  id: 'UsNySandboxLiveRecord',
  description: 'A GetEntityRecordByID answer of the NY portal, with the filing history the portal lists for the entity.',
});

/**
 * A company as the operator stores it in the US-NY sandbox register (CONTRACT §5): `snapshot` is one row of the
 * open-data snapshot in its columns, plus `nameHistory` (registers/us-ny.md §1); `live`, when given, is what the
 * portal's GetEntityRecordByID answers for it, with its filing history (otherwise the emulator derives an active
 * record and filings from the row). Rows may carry the real data's drift ("New York" for NY, lower case): they are
 * normalised like an ingested file.
 */
export const UsNySandboxRecordSchema = z
  .object({ snapshot: SnapshotRowSchema, live: UsNySandboxLiveRecord.optional() })
  .meta({ id: 'UsNySandboxRecord' });

export interface ParsedSandboxRecord {
  entity: SnapshotEntity;
  live?: EntityRecordResponse;
}

/** A stored record in the register's terms; undefined when it no longer parses (it is then left out). */
export function parseSandboxRecord(dosId: string, raw: unknown): ParsedSandboxRecord | undefined {
  const parsed = UsNySandboxRecordSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const { nameHistory, ...columns } = parsed.data.snapshot;
  const row = normaliseRow({ ...columns, dos_id: dosId });
  if (!row.ok) return undefined;
  return {
    entity: { row: row.value, names: canonicalNames((nameHistory ?? []).map((n) => normaliseNameEntry(n))) },
    ...(parsed.data.live ? { live: parsed.data.live } : {}),
  };
}

/** The filing history an operator's `live` record carries, if it carries one. */
export function filingsOfLiveRecord(live: EntityRecordResponse | undefined): FilingHistoryItem[] | undefined {
  const list = (live as { filingHistoryResultList?: unknown } | undefined)?.filingHistoryResultList;
  if (list === undefined) return undefined;
  const parsed = z.array(FilingHistoryItem).safeParse(list);
  return parsed.success ? parsed.data : [];
}
