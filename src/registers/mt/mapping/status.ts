import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClosureReason, type Company, StandardStatus } from '../../../contract/index.ts';

const StatusTable = z.object({
  states: z
    .array(
      z.object({
        state: z.string().min(1),
        standardized: z.enum(['Active', 'Closed']),
        active: z.boolean(),
        status: StandardStatus,
        closureReason: ClosureReason.optional(),
        effectiveDate: z.literal('closureDate').optional(),
        additionalInfo: z.string().optional(),
      }),
    )
    .min(1),
});

/** The state table (data): spec §3.3 for MT. */
export const STATUS_TABLE = StatusTable.parse(JSON.parse(readFileSync(new URL('./statuses.json', import.meta.url), 'utf8')));

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();

/**
 * The public status of a registry state (spec §3.3): the state verbatim in `localName`; `active` only for Active.
 * A state the table does not know keeps its words, inactive, with no standardisation rather than a guess.
 */
export function mapStatus(state: string, effectiveDate?: string): NonNullable<Company['status']> {
  const localName = state.trim();
  const row = STATUS_TABLE.states.find((s) => norm(s.state) === norm(localName));
  if (!row) return { localName, active: false };
  const info = row.additionalInfo && `${row.additionalInfo}${effectiveDate ? ` since ${effectiveDate}` : ''}`;
  return {
    localName,
    active: row.active,
    statusDetails: {
      status: row.status,
      ...(row.closureReason ? { closureReason: row.closureReason } : {}),
      ...(row.effectiveDate === 'closureDate' && effectiveDate ? { closureDate: effectiveDate } : {}),
      ...(info ? { additionalInfo: info } : {}),
    },
  };
}
