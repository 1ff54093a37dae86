import { z } from 'zod';
import { SnapshotRowSchema, type SnapshotEntity } from './columns.ts';
import { canonicalNames, normaliseNameEntry, normaliseRow } from './ingest/normalize.ts';
import { EntityRecordResponse } from './portal/protocol.ts';

/**
 * A company as the operator stores it in the US-NY sandbox register (CONTRACT §5): `snapshot` is one row of the
 * open-data snapshot in its columns, plus `nameHistory` (registers/us-ny.md §1); `live`, when given, is what the
 * portal's GetEntityRecordByID answers for it (otherwise the emulator derives an active record from the row).
 * Rows may carry the real data's drift ("New York" for NY, lower case): they are normalised like an ingested file.
 */
export const UsNySandboxRecordSchema = z
  .object({ snapshot: SnapshotRowSchema, live: EntityRecordResponse.optional() })
  .strict()
  .meta({ id: 'UsNySandboxRecord' });
export type UsNySandboxRecord = z.infer<typeof UsNySandboxRecordSchema>;

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
