import { z } from 'zod';
import { absentIfBlank, withoutBlank } from '../native-record.ts';
import { parseRegistryDate } from './mapping/dates.ts';
import { JE_STATUSES, JE_TYPES } from './mapping/tables.ts';

// The report is printed in a standard PDF font (WinAnsi): Latin letters, accents and typographic punctuation.
const PRINTABLE = /^[\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u20AC]*$/;
const text = (max: number) =>
  z.string().trim().min(1).max(max).regex(PRINTABLE, 'Latin characters only: the registry prints its report in a standard PDF font');
const date = z
  .string()
  .trim()
  .refine((s) => parseRegistryDate(s) !== undefined, "a date: 12/03/2015 (the registry's way) or 2015-03-12");
const kind = z.enum(['individual', 'corporate']);

/** One director as the report lists them. `address` is one line, parts separated by commas, as the report prints it. */
const Director = z.object({
  name: text(200),
  kind,
  appointedOn: date,
  nationality: text(60).optional().describe('As the report writes it: British, French… (or an ISO alpha-2 code).'),
  birthMonth: z.number().int().min(1).max(12).optional(),
  birthYear: z.number().int().min(1850).max(2100).optional(),
  address: text(300).optional(),
});

/**
 * A company of the JE sandbox register in the registry's own format (CONTRACT §5, registers/je.md): `entity` is what
 * its public entity page shows, `report` what its entity profile report shows. The number in the path wins over
 * `entity.registrationNumber`. Inactive entities have no report: one stored for them is never printed.
 */
export const JeRecordSchema = z
  .object({
    entity: z.object({
      registrationNumber: z
        .string()
        .trim()
        .regex(/^\d{4,7}$/, '4 to 7 digits')
        .optional(),
      name: text(160),
      type: z.enum(JE_TYPES),
      status: z.enum(JE_STATUSES),
      registeredOn: date,
      previousNames: withoutBlank(
        'name',
        z
          .array(z.object({ name: text(160), from: date.optional(), to: date.optional() }))
          .max(50)
          .default([]),
      ),
    }),
    report: z
      .object({
        // The report prints the office line by line and leaves out the lines it does not have.
        registeredOffice: z
          .object({
            addressLine1: text(200).optional(),
            addressLine2: text(200).optional(),
            city: text(100).optional(),
            postalCode: text(20).optional(),
          })
          .default({}),
        capital: z
          .object({
            amount: z.number().nonnegative().max(1e15),
            currency: z
              .string()
              .regex(/^[A-Z]{3}$/, 'an ISO 4217 code')
              .default('GBP'),
            issuedShares: z.number().int().positive().max(1e15).optional(),
          })
          .optional(),
        // The report prints a person by name: a director, secretary or shareholder without one is a blank entry of
        // the report, dropped (the secretary is then absent), never a reason to refuse the record.
        directors: withoutBlank('name', z.array(Director).max(100).default([])),
        secretary: absentIfBlank('name', z.object({ name: text(200), kind })),
        shareholders: withoutBlank(
          'name',
          z
            .array(
              z.object({ name: text(200), kind, shares: z.number().int().positive().max(1e15), shareClass: text(60).default('Ordinary') }),
            )
            .max(500)
            .default([])
            .describe('Empty when the shareholders are not disclosed.'),
        ),
      })
      .optional(),
  })
  .meta({ id: 'JeSandboxRecord' });
export type JeRecordInput = z.input<typeof JeRecordSchema>;
export type JeRecord = z.infer<typeof JeRecordSchema>;
export type JeReportRecord = NonNullable<JeRecord['report']>;
