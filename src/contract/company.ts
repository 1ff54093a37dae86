import { z } from 'zod';
import { Address, DateString, Money, ResultCountryCode, Timestamp } from './common.ts';

/** The standardised statuses (incumbent document, CompanyStatusDetailsDTO); a register's own word stays in `localName`. */
export const STANDARD_STATUSES = [
  'ACTIVE',
  'UNDER_INSOLVENCY_PROCEEDING',
  'INACTIVE_NOT_CLOSED',
  'PENDING_DISSOLUTION',
  'CLOSED',
  'UNKNOWN',
] as const;
export const StandardStatus = z.enum(STANDARD_STATUSES);
export type StandardStatus = z.infer<typeof StandardStatus>;

/** The standardised closure reasons (incumbent document, CompanyStatusDetailsDTO). */
export const CLOSURE_REASONS = [
  'BANKRUPTCY',
  'LIQUIDATION',
  'MERGER',
  'ACQUISITION',
  'VOLUNTARY_DISSOLUTION',
  'ADMINISTRATIVE_DISSOLUTION',
  'COURT_ORDER',
  'SPLIT',
  'OTHER',
  'UNKNOWN',
] as const;
export const ClosureReason = z.enum(CLOSURE_REASONS);
export type ClosureReason = z.infer<typeof ClosureReason>;

export const CompanyStatus = z
  .object({
    localName: z.string().optional().describe("The register's own word for the status."),
    active: z.boolean().optional(),
    isAIInferred: z.boolean().optional().describe('True when the status was inferred (e.g. extracted from a PDF).'),
    statusDetails: z
      .object({
        // Enums, so that a register mapping cannot answer its own word (Dissolved, Merged…) here unnoticed.
        status: StandardStatus.optional().describe(
          "The standardised status; the register's own word is in `localName`, a finer mapped word in `additionalInfo`.",
        ),
        closureReason: ClosureReason.optional().describe('Why the company closed, in standard values.'),
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
        status: z
          .string()
          .optional()
          .describe('`verified` (the authority has the number) or `unverified` (it answered that it does not); the incumbent’s values.'),
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

/** A party and the address the register gives for it (US state registers name an agent or office per address). */
export const NamedAddress = z
  .object({
    name: z.string().optional().describe('The party the register names at this address (agent, office, "THE CORPORATION").'),
    address: Address.optional(),
  })
  .meta({ id: 'NamedAddress' });

export const AuthorizedStock = z
  .object({
    stockType: z.string().optional().describe('The class of shares as the register writes it, e.g. COMMON, PREFERRED, NO PAR VALUE.'),
    parValue: z.number().optional().describe('Par value per share in USD; 0 for shares without par value.'),
    quantity: z.number().optional().describe('Number of shares of this class the entity is authorised to issue.'),
  })
  .meta({ id: 'AuthorizedStock' });

/**
 * What US state registers publish beyond the common profile (spec §2.11). Verification mode adds the authorised
 * stock, the next biennial statement due date and the four separated addresses; onboarding mode (the open-data
 * snapshot) gives the jurisdiction of formation and the county only.
 */
export const UsStateDetails = z
  .object({
    jurisdictionOfFormation: z
      .string()
      .optional()
      .describe('State or country the entity was formed in, as the register writes it (NEW YORK, DELAWARE).'),
    county: z.string().optional().describe("County of the entity's office in the state."),
    foreignLegalName: z.string().optional().describe("A foreign entity's name in its jurisdiction of formation, when it differs."),
    foreignFormationDate: DateString.optional().describe('When a foreign entity was formed in its jurisdiction.'),
    durationDate: z.string().optional().describe("Date the entity's existence ends, or PERPETUAL."),
    sectionOfLaw: z
      .string()
      .optional()
      .describe('The statute the entity was formed or authorised under, e.g. 402 BCL - BUSINESS CORPORATION LAW.'),
    statementStatus: z.string().optional().describe('Whether the biennial statement is filed: CURRENT or PAST DUE.'),
    nextBiennialStatementDueDate: DateString.optional().describe('When the next biennial statement is due (verification mode).'),
    authorizedStock: z
      .array(AuthorizedStock)
      .optional()
      .describe('Shares the entity may issue, per class (verification mode; corporations).'),
    addresses: z
      .object({
        serviceOfProcess: NamedAddress.optional().describe('Where the Department of State mails process served on the entity.'),
        registeredAgent: NamedAddress.optional().describe('The registered agent, when the entity designated one.'),
        principalExecutiveOffice: NamedAddress.optional().describe('The principal executive office (corporations).'),
        entityLocation: NamedAddress.optional().describe("The entity's own location."),
      })
      .optional()
      .describe('The four separated addresses of the register (verification mode).'),
  })
  .meta({ id: 'UsStateDetails', description: 'Register details of US state registers (US-NY).' });

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
    usState: UsStateDetails.optional().describe('US state registers only (US-NY): register details beyond the common profile.'),
  })
  .meta({ id: 'Company', description: 'A normalised company profile.' });
export type Company = z.infer<typeof Company>;

/** A company as it appears inside another record (a shareholder, a subsidiary): the profile's fields, all optional. */
export const CompanyReference = Company.partial()
  .extend({ id: z.string().optional(), countryCode: ResultCountryCode.optional() })
  .meta({ id: 'CompanyReference' });
