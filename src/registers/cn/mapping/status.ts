import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClosureReason, type Company, StandardStatus } from '../../../contract/index.ts';

const StatusTable = z.object({
  portalCodes: z.record(z.string(), z.string()),
  rules: z
    .array(
      z.object({
        term: z.string().min(1),
        standardized: z.enum(['Active', 'Closed', 'Under Insolvency Proceeding']),
        active: z.boolean(),
        status: StandardStatus,
        closureReason: ClosureReason.optional(),
        additionalInfo: z.string().optional(),
      }),
    )
    .min(1),
});

/** The status table (data): the portal's codes and the spec §3.3 standardisation of their words. */
export const STATUS_TABLE = StatusTable.parse(JSON.parse(readFileSync(new URL('./status.json', import.meta.url), 'utf8')));

/** The portal's words for a status code (K, DA, XX…); undefined for an unknown code. */
export function statusWordsOfCode(code: string): string | undefined {
  return STATUS_TABLE.portalCodes[code.trim().toUpperCase()];
}

/**
 * The public status of a report's 登记状态 (spec §3.3): the Chinese term verbatim in `localName`, inferred
 * (`isAIInferred`) because it is read from the PDF. A bare portal code is first turned into its words. A term the
 * table does not know keeps its words with no standardisation rather than a guess.
 */
export function mapStatus(raw: string, closureDate?: string): NonNullable<Company['status']> {
  const words = statusWordsOfCode(raw) ?? raw.trim();
  const rule = STATUS_TABLE.rules.find((r) => words.includes(r.term));
  if (!rule) return { localName: words, isAIInferred: true };
  const closed = rule.standardized === 'Closed';
  return {
    localName: words,
    active: rule.active,
    isAIInferred: true,
    statusDetails: {
      status: rule.status,
      ...(rule.closureReason ? { closureReason: rule.closureReason } : {}),
      ...(closed && closureDate ? { closureDate } : {}),
      ...(rule.additionalInfo ? { additionalInfo: rule.additionalInfo } : {}),
    },
  };
}
