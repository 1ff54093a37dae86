import type {
  Company,
  CompanyRelationship,
  Establishment,
  LegalRepresentative,
  OtherKeyPerson,
  Shareholder,
  Subsidiary,
  UltimateBeneficialOwner,
} from '../../contract/index.ts';

/** What the enrichment works on: the blocks a request delivered, as the register gave them. */
export interface EnrichmentInput {
  countryCode: string;
  companyId: string;
  /** The register's identifiers (its `Register.identifiers`), with the patterns that validate them. */
  identifiers: readonly { key: string; description: string; pattern: RegExp }[];
  /** Today by the service clock (YYYY-MM-DD): dates after it are in the future. */
  today: string;
  company?: Company;
  companyRelationships?: CompanyRelationship[];
  legalRepresentatives?: LegalRepresentative[];
  otherKeyPersons?: OtherKeyPerson[];
  shareholders?: Shareholder[];
  subsidiaries?: Subsidiary[];
  ultimateBeneficialOwners?: UltimateBeneficialOwner[];
  establishments?: Establishment[];
}

/** Something a check noticed: an inconsistency between data points, or a value that contradicts its own block. */
export interface Finding {
  check: string;
  /** `inconsistency`: two values cannot both be right; `warning`: unusual, worth a look. */
  severity: 'inconsistency' | 'warning';
  /** Field paths involved, e.g. `company.taxId.verification.verifiedName`. */
  paths: string[];
  message: string;
}

/** One check: what it looks at, and whether the request had the data for it. */
export interface CheckResult {
  id: string;
  title: string;
  /** False when none of the data the check needs was delivered. */
  ran: boolean;
  findings: Finding[];
}

/** A value the enrichment filled, with the evidence it rests on (shown in the report and in dataSources). */
export interface FilledValue {
  /** Path under `company`, e.g. `legalNameInEnglish`. */
  field: 'legalNameInEnglish' | 'commercialNames';
  value: unknown;
  evidence: string;
}

export const normaliseName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
