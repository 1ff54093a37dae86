import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ClosureReason, StandardStatus } from '../../../contract/index.ts';

const read = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));

/** The status table (data): spec §3.3 for JE. */
export const STATUS_TABLE = z
  .object({
    statuses: z
      .array(
        z.object({
          local: z.string().min(1),
          standardized: z.enum(['Active', 'Closed', 'Under Insolvency Proceeding']),
          active: z.boolean(),
          status: StandardStatus,
          closureReason: ClosureReason.optional(),
        }),
      )
      .min(1),
  })
  .parse(read('./status.json')).statuses;

/** The legal-form table (data): spec §3.4 for JE, with the ISO 20275 names to look up. */
export const LEGAL_FORM_TABLE = z
  .object({
    types: z
      .array(
        z.object({ local: z.string().min(1), standardized: z.string(), englishTranslation: z.string(), elfName: z.string().optional() }),
      )
      .min(1),
  })
  .parse(read('./legal-forms.json')).types;

export const NATIONALITIES = z
  .object({ nationalities: z.record(z.string(), z.string().regex(/^[A-Z]{2}$/)) })
  .parse(read('./nationalities.json')).nationalities;

/** The registry's statuses and entity types, as the sandbox record accepts them. */
export const JE_STATUSES = STATUS_TABLE.map((s) => s.local) as [string, ...string[]];
export const JE_TYPES = LEGAL_FORM_TABLE.map((t) => t.local) as [string, ...string[]];
