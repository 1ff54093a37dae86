import type { Company } from '../../../contract/index.ts';
import { STATUS_TABLE } from './tables.ts';

const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The public status of an entity page's `Status:` (spec §3.3): the registry's word verbatim in `localName`, the
 * standardised status and closure reason of the table. Read from the page's text by a fixed table, so not flagged as
 * inferred. A word the table does not know keeps its words and no standardisation rather than a guess.
 */
export function mapStatus(raw: string): NonNullable<Company['status']> {
  const local = raw.trim();
  const row = STATUS_TABLE.find((s) => key(s.local) === key(local));
  if (!row) return { localName: local };
  return {
    localName: row.local,
    active: row.active,
    statusDetails: { status: row.status, ...(row.closureReason ? { closureReason: row.closureReason } : {}) },
  };
}

/** True only for Active: the registry issues entity profile reports for active entities only (spec §2.11). */
export function isActiveStatus(raw: string): boolean {
  return mapStatus(raw).active === true;
}
