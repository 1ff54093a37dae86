import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClosureReason, type Company, StandardStatus } from '../../../contract/index.ts';
import { parseSnapshotDate } from '../ingest/normalize.ts';

const Row = z.object({
  entityStatus: z.string(),
  reason: z.string().optional(),
  standardized: z.string(),
  status: StandardStatus,
  active: z.boolean(),
  closureReason: ClosureReason.optional(),
});
const table = z
  .object({ statuses: z.array(Row), fallbacks: z.array(Row) })
  .parse(JSON.parse(readFileSync(new URL('./statuses.json', import.meta.url), 'utf8')));

const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toUpperCase();

/** The source string of the specification's table: entityStatus upper-cased, then " - " and the reason if any. */
export function statusSource(entityStatus: string, reason?: string | null): string {
  const r = (reason ?? '').replace(/\s+/g, ' ').trim();
  return r ? `${norm(entityStatus)} - ${r}` : norm(entityStatus);
}

/**
 * The company status of an entity status and reason (spec §3.3, table in statuses.json). `active` is true only for
 * ACTIVE; `statusDetails.status` and `closureReason` carry the standard values, `additionalInfo` the specification's
 * mapped word (Dissolved, Merged, Withdrawn; Inactive or Suspended for variants the table does not name); an unknown
 * entity status keeps its text in `localName`, is not active and has the status UNKNOWN.
 */
export function mapStatus(entityStatus: string, reason?: string | null, inactiveDate?: string | null): NonNullable<Company['status']> {
  const status = norm(entityStatus);
  const why = norm(reason);
  const row =
    table.statuses.find(
      (r) => norm(r.entityStatus) === status && (r.reason === undefined ? !why || status === 'ACTIVE' : why.startsWith(norm(r.reason))),
    ) ?? table.fallbacks.find((r) => norm(r.entityStatus) === status);
  const closureDate = parseSnapshotDate(inactiveDate ?? undefined);
  if (!row) {
    return { localName: statusSource(entityStatus, reason), active: false, statusDetails: { status: 'UNKNOWN' } };
  }
  return {
    localName: statusSource(entityStatus, reason),
    active: row.active,
    statusDetails: {
      status: row.status,
      ...(row.closureReason ? { closureReason: row.closureReason } : {}),
      ...(row.status === 'CLOSED' && closureDate ? { closureDate } : {}),
      ...(row.active ? {} : { additionalInfo: row.standardized }),
    },
  };
}

/** The spec's table rows, for tests. */
export const STATUS_TABLE = table.statuses;
