import { z } from 'zod';
import {
  AvailableDocument,
  Company,
  CompanyRelationship,
  Establishment,
  LegalRepresentative,
  OtherKeyPerson,
  Shareholder,
  Subsidiary,
  UltimateBeneficialOwner,
} from '../../contract/index.ts';
import { announceTaxId } from '../../tax-verification/issued.ts';
import { RegisterError } from '../errors.ts';

/**
 * A company as the operator stores it in the TEST register (CONTRACT §5): the specification's response shapes,
 * every part optional. `company.id` and `company.countryCode` may be left out; they are forced to the stored id
 * and TEST.
 */
export const TestRecordSchema = z
  .object({
    company: Company.partial().optional(),
    legalRepresentatives: z.array(LegalRepresentative).optional(),
    otherKeyPersons: z.array(OtherKeyPerson).optional(),
    shareholders: z.array(Shareholder).optional(),
    subsidiaries: z.array(Subsidiary).optional(),
    ultimateBeneficialOwners: z.array(UltimateBeneficialOwner).optional(),
    establishments: z.array(Establishment).optional(),
    companyRelationships: z.array(CompanyRelationship).optional(),
    availableDocuments: z.array(AvailableDocument).optional(),
  })
  .meta({ id: 'TestSandboxRecord' });
export type TestRecord = z.infer<typeof TestRecordSchema>;

/** Everything the TEST register knows about one company, in the public shapes. */
export interface TestCompanyView {
  company: Company;
  legalRepresentatives: LegalRepresentative[];
  otherKeyPersons: OtherKeyPerson[];
  shareholders: Shareholder[];
  subsidiaries: Subsidiary[];
  ultimateBeneficialOwners: UltimateBeneficialOwner[];
  establishments: Establishment[];
  companyRelationships: CompanyRelationship[];
  availableDocuments: AvailableDocument[];
}

/**
 * Validates a stored record. A malformed one is what a real register answering garbage looks like, so it fails as
 * `processing_failed` (not retryable) rather than crashing the caller.
 */
export function parseStoredRecord(companyId: string, raw: unknown): TestRecord {
  const parsed = TestRecordSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    throw new RegisterError(
      'processing_failed',
      `the TEST sandbox record of ${companyId} is not valid: ${z.prettifyError(parsed.error)}`,
      false,
    );
  }
  return parsed.data;
}

/**
 * The view of a stored company: the stored parts replace the generated ones wholly, omitted lists are empty (an
 * operator who stores a company with no shareholders means none), and an omitted profile is generated.
 */
export function storedView(companyId: string, record: TestRecord, generateCompany: (id: string) => Company): TestCompanyView {
  const company: Company = record.company ? { ...record.company, id: companyId, countryCode: 'TEST' } : generateCompany(companyId);
  // A stored company may carry a tax id (CONTRACT §5): the emulated tax authorities then know it, as registered.
  if (record.company?.taxId) announceTaxId(record.company.taxId, { name: company.legalName, address: company.legalAddress });
  return {
    company,
    legalRepresentatives: record.legalRepresentatives ?? [],
    otherKeyPersons: record.otherKeyPersons ?? [],
    shareholders: record.shareholders ?? [],
    subsidiaries: record.subsidiaries ?? [],
    ultimateBeneficialOwners: record.ultimateBeneficialOwners ?? [],
    establishments: record.establishments ?? [],
    companyRelationships: record.companyRelationships ?? [],
    availableDocuments: record.availableDocuments ?? [],
  };
}
