import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { lazy } from '../../enrichment/reference/files.ts';

/**
 * The register's own codes and descriptions, read from its published enumeration files (copied with their
 * provenance into `enumerations/`, never retyped): parsed on first use, so a service that never touches GB does not
 * pay for them.
 */
const Table = z.record(z.string(), z.string());
// The register's files repeat a key now and then (mortgage_descriptions.yml lists a filing type twice, worded a little
// differently): read as its own loaders do, the later entry winning, rather than refusing the file.
const read = (file: string) =>
  parse(readFileSync(new URL(`./enumerations/${file}`, import.meta.url), 'utf8'), { uniqueKeys: false }) as Record<string, unknown>;
const tables = <K extends string>(file: string, keys: readonly K[]) =>
  lazy(() => {
    const doc = read(file);
    return Object.fromEntries(keys.map((k) => [k, Table.parse(doc[k])])) as Record<K, Record<string, string>>;
  });

const constants = tables('constants.yml', [
  'company_status',
  'company_status_detail',
  'company_type',
  'company_subtype',
  'officer_role',
  'sic_descriptions',
  'insolvency_case_type',
  'jurisdiction',
] as const);
const psc = tables('psc_descriptions.yml', [
  'description',
  'short_description',
  'statement_description',
  'super_secure_description',
] as const);
const filings = tables('filing_history_descriptions.yml', ['description'] as const);
const mortgages = tables('mortgage_descriptions.yml', ['status'] as const);

type ConstantTable = keyof ReturnType<typeof constants>;

/** A code's description in one of constants.yml's tables; undefined for a code the file does not list. */
export const constant = (table: ConstantTable, code: string | undefined): string | undefined =>
  code === undefined ? undefined : constants()[table][code]?.trim() || undefined;

/** The wording of a nature of control (`ownership-of-shares-75-to-100-percent`). */
export const natureOfControl = (code: string): string | undefined => psc().description[code];
/** The wording of a PSC statement (`no-individual-or-entity-with-signficant-control`). */
export const pscStatement = (code: string): string | undefined => psc().statement_description[code];
/** The wording of a super-secure PSC's description. */
export const superSecure = (code: string): string | undefined => psc().super_secure_description[code];

/** The wording of a charge's status (`outstanding` → Outstanding, `part-satisfied` → Partially satisfied). */
export const chargeStatus = (code: string): string | undefined => mortgages().status[code];

/**
 * A filing's description from its template (`appoint-person-director-company-with-name-date`) and values
 * (`{officer_name}`); the register's templates mark the lead words with `**`, dropped here.
 */
export function filingDescription(code: string, values: Record<string, unknown> = {}): string | undefined {
  const template = filings().description[code];
  if (!template) return undefined;
  return template
    .replace(/\{([a-z_]+)\}/g, (_, k: string) => (values[k] === undefined ? '' : String(values[k])))
    .replace(/\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const codesByDescription = lazy(() => {
  const out = new Map<string, string>();
  for (const [code, description] of Object.entries(constants().company_status)) out.set(description.trim().toLowerCase(), code);
  return out;
});

/**
 * The `company_status` code of a status as the bulk product writes it (its description: "Active", "Liquidation",
 * "Active - Proposal to Strike off": the part before " - " when the whole is not a description).
 */
export function companyStatusCode(description: string): string | undefined {
  const d = description.trim().toLowerCase();
  return codesByDescription().get(d) ?? codesByDescription().get(d.split(' - ')[0]!.trim());
}
