import { z } from 'zod';
import { withoutBlank } from '../native-record.ts';
import { UUID_PATTERN } from './ids.ts';

const text = (max = 300) => z.string().trim().min(1).max(max);
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date: 2015-03-12');
const amount = z.number().nonnegative().max(1e15);

/** An address as the register writes it: street, locality (town or village), postcode, country. */
export const MtAddressSchema = z.object({
  street: text().optional(),
  locality: text(100).optional(),
  postcode: z.string().trim().max(20).optional(),
  country: text(60).optional(),
});

export const MtSharesSchema = z.object({
  type: text(100).optional(),
  class: text(100).optional(),
  issued: amount.optional(),
  paidUp: z.number().min(0).max(100).optional().describe('Percentage paid up.'),
  nominalValue: amount.optional(),
});

/** One party involved in a company: director, secretary, representative, auditor, subscriber, shareholder… */
export const MtInvolvementSchema = z.object({
  role: text(100).describe(
    'The register’s involvement type: Director, Legal Representative, Judicial Representative, Secretary, Auditor, Subscriber, Shareholder, …',
  ),
  name: text(300),
  isLegalEntity: z.boolean(),
  idCardNumber: text(40).optional(),
  registrationNumber: text(40).optional(),
  nationality: text(60).optional(),
  address: MtAddressSchema.optional(),
  appointedOn: date.optional(),
  shares: MtSharesSchema.optional(),
});

/** A file of the company's registry file: a filing of one or more documents. */
export const MtFilingSchema = z.object({
  fileId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,80}$/, 'letters, digits, dot, dash or underscore'),
  date: date,
  title: text(300),
  documentsInFile: z.number().int().min(1).max(1000).default(1),
  documentYear: z.number().int().min(1900).max(2200).optional(),
});

/** The company itself, as the system's company page shows it. */
export const MtCompanySchema = z.object({
  registrationNumber: z
    .string()
    .trim()
    .regex(/^[Cc]\s*\d{1,7}$/, 'C and digits, e.g. C 12345')
    .optional(),
  uuid: z.string().trim().regex(UUID_PATTERN, 'a UUID').optional(),
  name: text(300),
  type: text(120).describe(
    'Limited Liability Company, Partnership en Nom Collectif, Partnership en Commandite, Overseas Company, Sole Trader, Cooperative, Foundation, …',
  ),
  subtype: text(120)
    .optional()
    .describe('Private Exempt, Public Non-Exempt, Investment Company with Variable Share Capital (SICAV), Cell Company, …'),
  suffix: text(20).optional().describe('Ltd., P.L.C.; absent for partnerships.'),
  state: text(60).describe('Active, Struck Off, Dissolved, In Liquidation, Defunct, Removed, Being Struck Off, Being Wound Up.'),
  stateEffectiveDate: date.optional(),
  registrationDate: date.optional(),
  registeredOffice: MtAddressSchema.optional(),
  authorisedCapital: amount.optional(),
  issuedCapital: amount.optional(),
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'an ISO 4217 code, e.g. EUR')
    .default('EUR'),
});

/**
 * A company of the MT sandbox register (CONTRACT §5, registers/mt.md): what the business registry's online system
 * holds, as the operator stores it with `PUT /admin/sandbox/MT/companies/{number}`. The path's number wins over
 * `registrationNumber`; `uuid` is derived from the number when absent.
 */
export const MtRecordSchema = z
  .object({
    company: MtCompanySchema,
    // An involvement is listed by name: one without a name is a blank line of the register's page, dropped.
    involvements: withoutBlank('name', z.array(MtInvolvementSchema).max(500).default([])),
    documents: z.array(MtFilingSchema).max(1000).default([]),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    r.documents.forEach((d, i) => {
      if (seen.has(d.fileId))
        ctx.addIssue({ code: 'custom', path: ['documents', i, 'fileId'], message: `file ${d.fileId} is listed twice` });
      seen.add(d.fileId);
    });
  })
  .meta({ id: 'MtSandboxRecord' });

export type MtRecordInput = z.input<typeof MtRecordSchema>;
export type MtRecord = z.infer<typeof MtRecordSchema>;
export type MtInvolvement = z.infer<typeof MtInvolvementSchema>;
export type MtFiling = z.infer<typeof MtFilingSchema>;
export type MtAddress = z.infer<typeof MtAddressSchema>;
