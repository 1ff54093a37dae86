import { z } from 'zod';
import { Address, DateString, Money, ResultCountryCode, Timestamp } from './common.ts';

export const CompanyStatus = z
  .object({
    localName: z.string().optional().describe("The register's own word for the status."),
    active: z.boolean().optional(),
    isAIInferred: z.boolean().optional().describe('True when the status was inferred (e.g. extracted from a PDF).'),
    statusDetails: z
      .object({
        status: z.string().optional().describe('ACTIVE, CLOSED, or a standardised status such as "Under Insolvency Proceeding".'),
        closureReason: z.string().optional().describe('BANKRUPTCY, VOLUNTARY_DISSOLUTION, or a register-specific reason.'),
        closureDate: DateString.optional(),
        insolvencyStartDate: DateString.optional(),
        additionalInfo: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'CompanyStatus' });

export const LegalForm = z
  .object({
    localName: z.string().optional(),
    englishTranslation: z.string().optional(),
    vendorStandard: z.string().optional(),
    standardized: z.string().optional(),
    iso20275Code: z.string().optional().describe('ISO 20275 Entity Legal Form code, from the GLEIF ELF list.'),
    isAIEnriched: z.boolean().optional(),
  })
  .meta({ id: 'LegalForm' });

export const ActivityCode = z
  .object({
    code: z.string(),
    description: z.string().optional(),
    isAIInferred: z.boolean().optional(),
  })
  .meta({ id: 'ActivityCode' });

export const Activities = z
  .object({ NACE: z.array(ActivityCode).optional(), ISIC: z.array(ActivityCode).optional() })
  .meta({ id: 'Activities' });

export const TaxId = z
  .object({
    type: z.string().optional().describe('For example eu_vat.'),
    value: z.string(),
    country: z.string().optional(),
    verification: z
      .object({
        status: z.string().optional(),
        verifiedAt: Timestamp.optional(),
        verifiedName: z.string().optional(),
        verifiedAddress: z.string().optional(),
        consultationNumber: z.string().optional(),
      })
      .optional(),
  })
  .meta({ id: 'TaxId' });

export const EmployeeCount = z
  .object({
    exact: z.number().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    lastUpdated: DateString.optional(),
    isEstimate: z.boolean().optional(),
  })
  .meta({ id: 'EmployeeCount' });

export const Company = z
  .object({
    countryCode: ResultCountryCode,
    id: z.string().describe('The company id in its register; search always returns a usable one.'),
    identifiers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Keys vary by register, e.g. registrationNumber, dosId, uuid, "Unified Social Credit Code".'),
    taxId: TaxId.optional(),
    legalName: z.string().optional(),
    legalNameInEnglish: z.string().optional(),
    commercialNames: z.array(z.string()).optional(),
    legacyLegalNames: z.array(z.string()).optional(),
    legacyCommercialNames: z.array(z.string()).optional(),
    companyNameTransliterations: z.array(z.string()).optional(),
    status: CompanyStatus.optional(),
    registrationDate: DateString.optional(),
    incorporationDate: DateString.optional(),
    legalForm: LegalForm.optional(),
    capital: Money.optional(),
    activities: Activities.optional(),
    activityDescription: z.string().optional(),
    legalAddress: Address.optional(),
    phones: z.array(z.string()).optional(),
    website: z.string().optional(),
    employeeCount: EmployeeCount.optional(),
  })
  .meta({ id: 'Company', description: 'A normalised company profile.' });
export type Company = z.infer<typeof Company>;

/** A company as it appears inside another record (a shareholder, a subsidiary): the profile's fields, all optional. */
export const CompanyReference = Company.partial()
  .extend({ id: z.string().optional(), countryCode: ResultCountryCode.optional() })
  .meta({ id: 'CompanyReference' });
