import { z } from 'zod';
import { Address, DateString, Money } from './common.ts';
import { CompanyReference } from './company.ts';
import { Individual } from './individual.ts';

export const Role = z
  .object({
    standardized: z
      .string()
      .optional()
      .describe('Director, Board Member, Secretary, Auditor, Subscriber, Chief Executive Officer or Other.'),
    localName: z.string().optional(),
    englishTranslation: z.string().optional(),
    iso5009Code: z.string().optional().describe('ISO 5009 official role code (legal representatives).'),
    vendorStandard: z.string().optional(),
  })
  .meta({ id: 'Role' });

export const PartyType = z.enum(['individual', 'company']);

export const RepresentationMode = z
  .object({
    mode: z.string().optional().describe('`sole`, or `joint` when several signatories must act together.'),
    minimumSignatories: z.number().int().optional(),
    namedCoSigners: z.array(z.string()).optional(),
  })
  .meta({ id: 'RepresentationMode' });

const personFields = {
  type: PartyType,
  entityId: z.string().optional().describe('Stable id of this person or company within the response.'),
  role: Role.optional(),
  startDate: DateString.optional(),
  endDate: DateString.optional(),
  individual: Individual.optional(),
  company: CompanyReference.optional(),
};

export const LegalRepresentative = z
  .object({
    ...personFields,
    representedBy: Individual.optional().describe('The natural person acting for a company representative.'),
    representationMode: RepresentationMode.optional(),
  })
  .meta({ id: 'LegalRepresentative' });

export const OtherKeyPerson = z
  .object(personFields)
  .meta({ id: 'OtherKeyPerson', description: 'A person without signing authority: board member, auditor, secretary…' });

export const Shareholder = z
  .object({
    type: PartyType,
    entityId: z.string().optional(),
    individual: Individual.optional(),
    company: CompanyReference.optional(),
    sharePercentage: z.number().optional(),
    sharePercentageRange: z
      .object({ lower: z.number(), upper: z.number() })
      .optional()
      .describe(
        'Where the register publishes a band of holdings rather than a holding (GB: more than 25 % and at most 50 %): the band, whose lower bound is `sharePercentage`.',
      ),
    numberOfShares: z.number().optional(),
    nominalCapitalHeld: Money.optional(),
    paidInAmount: Money.optional(),
    source: z.string().optional(),
  })
  .meta({ id: 'Shareholder' });

export const Subsidiary = z
  .object({
    company: CompanyReference,
    entityId: z.string().optional(),
    sharePercentage: z.number().optional(),
    totalSharePercentage: z.number().optional(),
    votingRightsPercentage: z.number().optional(),
    numberOfShares: z.number().optional(),
    nominalCapitalHeld: Money.optional(),
    paidInAmount: Money.optional(),
    acquisitionDate: DateString.optional(),
    endDate: DateString.optional(),
  })
  .meta({ id: 'Subsidiary' });

export const UltimateBeneficialOwner = Individual.extend({
  entityId: z.string().optional(),
  control: z
    .object({
      controlType: z.string().optional(),
      types: z
        .array(z.enum(['ownership-of-shares', 'voting-rights', 'appoint-and-remove-directors', 'significant-influence-or-control']))
        .optional()
        .describe('The incumbent’s control types, beside `controlType` (the specification’s).'),
      description: z.string().optional(),
      percentageDetails: z
        .array(
          z.object({
            type: z.string().optional(),
            range: z.object({ lower: z.number().optional(), upper: z.number().optional() }).optional(),
          }),
        )
        .optional(),
      additionalDetails: z.string().optional(),
    })
    .optional(),
}).meta({ id: 'UltimateBeneficialOwner' });

export const Establishment = z
  .object({
    name: z.string().optional(),
    id: z.string().optional(),
    creationDate: DateString.optional(),
    endDate: DateString.optional(),
    active: z.boolean().optional(),
    address: Address.optional(),
  })
  .meta({ id: 'Establishment' });

export const CompanyRelationship = z
  .object({
    relation: z
      .string()
      .describe(
        "`mergedFrom`, `mergedInto`, `branchOf`, `predecessor`, `successor`, or `securedCreditor` (a person entitled to a charge over the company's assets that is still outstanding; GB).",
      ),
    company: CompanyReference.optional(),
    effectiveDate: z.string().optional(),
    description: z.string().optional(),
  })
  .meta({ id: 'CompanyRelationship' });

export type LegalRepresentative = z.infer<typeof LegalRepresentative>;
export type OtherKeyPerson = z.infer<typeof OtherKeyPerson>;
export type Shareholder = z.infer<typeof Shareholder>;
export type Subsidiary = z.infer<typeof Subsidiary>;
export type UltimateBeneficialOwner = z.infer<typeof UltimateBeneficialOwner>;
export type Establishment = z.infer<typeof Establishment>;
export type CompanyRelationship = z.infer<typeof CompanyRelationship>;
