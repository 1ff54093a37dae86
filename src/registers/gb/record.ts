import { z } from 'zod';

/**
 * A company of the GB sandbox register in Companies House's own JSON (CONTRACT §5, registers/gb.md): snake_case
 * fields and the register's enumeration codes, as its Public Data API answers them. Objects are loose: fields the
 * register adds later are kept, not refused; only what the register always gives is required.
 */
const text = (max = 500) => z.string().trim().min(1).max(max);
const date = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date: 2015-03-12');
const code = text(200).regex(/^[a-z0-9-]+$/, 'a Companies House enumeration code (lower case and dashes)');

export const GbAddressSchema = z.looseObject({
  care_of: text().optional(),
  po_box: text(50).optional(),
  premises: text().optional(),
  address_line_1: text().optional(),
  address_line_2: text().optional(),
  locality: text(200).optional(),
  region: text(200).optional(),
  postal_code: text(20).optional(),
  country: text(100).optional(),
});

const DateOfBirth = z.looseObject({ month: z.number().int().min(1).max(12), year: z.number().int().min(1850).max(2100) });

const NameElements = z.looseObject({
  title: text(50).optional(),
  forename: text(200).optional(),
  middle_name: text(200).optional(),
  surname: text(200).optional(),
});

/** A corporate officer's or PSC's registration: where and under which number the company is registered. */
const Identification = z.looseObject({
  identification_type: text(100).optional(),
  legal_authority: text().optional(),
  legal_form: text().optional(),
  place_registered: text().optional(),
  country_registered: text(100).optional(),
  registration_number: text(100).optional(),
});

export const GbProfileSchema = z.looseObject({
  company_number: z.string().trim().max(8).optional(),
  company_name: text(300),
  company_status: code,
  company_status_detail: code.optional(),
  type: code,
  subtype: code.optional(),
  jurisdiction: code.optional(),
  date_of_creation: date.optional(),
  date_of_cessation: date.optional(),
  registered_office_address: GbAddressSchema.optional(),
  sic_codes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{4,5}$/, 'a UK SIC 2007 code of five digits'),
    )
    .max(4)
    .optional(),
  previous_company_names: z
    .array(z.looseObject({ name: text(300), effective_from: date.optional(), ceased_on: date.optional() }))
    .max(100)
    .optional(),
  has_insolvency_history: z.boolean().optional(),
  has_charges: z.boolean().optional(),
});

export const GbOfficerSchema = z.looseObject({
  name: text(300),
  officer_role: code,
  appointed_on: date.optional(),
  resigned_on: date.optional(),
  date_of_birth: DateOfBirth.optional(),
  nationality: text(100).optional(),
  country_of_residence: text(100).optional(),
  occupation: text(200).optional(),
  address: GbAddressSchema.optional(),
  identification: Identification.optional(),
  /**
   * The person the register names as the contact of a corporate managing officer (registered overseas entities); the
   * officer list publishes no other natural person acting for a corporate officer.
   */
  contact_details: z.looseObject({ contact_name: text(300).optional() }).optional(),
  /** The officer's appointments resource; its last segment is the officer's id across companies. */
  links: z.looseObject({ officer: z.looseObject({ appointments: text().optional() }).optional() }).optional(),
});

export const GbPscSchema = z.looseObject({
  kind: z.enum([
    'individual-person-with-significant-control',
    'corporate-entity-person-with-significant-control',
    'legal-person-person-with-significant-control',
    'super-secure-person-with-significant-control',
    'individual-beneficial-owner',
    'corporate-entity-beneficial-owner',
    'legal-person-beneficial-owner',
    'super-secure-beneficial-owner',
    'persons-with-significant-control-statement',
  ]),
  name: text(300).optional(),
  name_elements: NameElements.optional(),
  natures_of_control: z.array(code).max(50).optional(),
  notified_on: date.optional(),
  ceased_on: date.optional(),
  date_of_birth: DateOfBirth.optional(),
  nationality: text(100).optional(),
  country_of_residence: text(100).optional(),
  address: GbAddressSchema.optional(),
  identification: Identification.optional(),
  /** Statements (`kind` persons-with-significant-control-statement) and super-secure PSCs. */
  statement: code.optional(),
  description: code.optional(),
  links: z.looseObject({ self: text().optional() }).optional(),
});

export const GbFilingSchema = z.looseObject({
  transaction_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,80}$/, 'letters, digits, dash or underscore'),
  category: code,
  subcategory: z.union([code, z.array(code)]).optional(),
  type: text(40),
  description: code,
  description_values: z.record(z.string(), z.unknown()).optional(),
  date: date,
  action_date: date.optional(),
  pages: z.number().int().min(0).max(100_000).optional(),
  barcode: text(40).optional(),
  links: z.looseObject({ self: text().optional(), document_metadata: text().optional() }).optional(),
});

export const GbInsolvencySchema = z.looseObject({
  cases: z
    .array(
      z.looseObject({
        type: code,
        number: z.union([z.string(), z.number()]).optional(),
        dates: z
          .array(z.looseObject({ type: code, date: date }))
          .max(50)
          .default([]),
        practitioners: z
          .array(z.looseObject({ name: text(300), role: code.optional() }))
          .max(50)
          .optional(),
      }),
    )
    .max(100)
    .default([]),
  status: z.array(z.string()).optional(),
});

export const GbChargeSchema = z.looseObject({
  charge_number: z.number().int().optional(),
  status: code,
  created_on: date.optional(),
  delivered_on: date.optional(),
  satisfied_on: date.optional(),
  classification: z.looseObject({ type: text(100).optional(), description: text().optional() }).optional(),
  persons_entitled: z
    .array(z.looseObject({ name: text(300) }))
    .max(50)
    .optional(),
});

/** A document's content: a PDF as base64, or the iXBRL of accounts filed electronically as text. */
export const GbDocumentContentSchema = z.object({
  contentType: z.enum(['application/pdf', 'application/xhtml+xml']),
  content: z.string().min(1).max(5_000_000),
});

export const GbRecordSchema = z
  .object({
    profile: GbProfileSchema,
    officers: z.array(GbOfficerSchema).max(1000).default([]),
    psc: z.array(GbPscSchema).max(500).default([]),
    filingHistory: z.array(GbFilingSchema).max(2000).default([]),
    insolvency: GbInsolvencySchema.optional(),
    charges: z.array(GbChargeSchema).max(500).default([]),
    /** Keyed by the document id the filing's `links.document_metadata` ends with. */
    documents: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,120}$/), GbDocumentContentSchema).default({}),
  })
  .meta({ id: 'GbSandboxRecord' });

export type GbRecordInput = z.input<typeof GbRecordSchema>;
export type GbRecord = z.infer<typeof GbRecordSchema>;
export type GbProfile = z.infer<typeof GbProfileSchema>;
export type GbOfficer = z.infer<typeof GbOfficerSchema>;
export type GbPsc = z.infer<typeof GbPscSchema>;
export type GbFiling = z.infer<typeof GbFilingSchema>;
export type GbAddress = z.infer<typeof GbAddressSchema>;
export type GbInsolvency = z.infer<typeof GbInsolvencySchema>;
export type GbCharge = z.infer<typeof GbChargeSchema>;
