import { createHash } from 'node:crypto';

/**
 * A Maltese company number as the API takes it: `C` and digits (spec §2.11). The register writes it with a space
 * ("C 12345"); the API id is the same without spaces, so that it travels in URLs unchanged.
 */
export const COMPANY_ID_PATTERN = /^C\d{1,7}$/;
export const REGISTRATION_NUMBER_KEY = 'registrationNumber';
/** The rule as a refusal states it. */
export const COMPANY_ID_FORMAT =
  'the company number: the prefix C followed by 1 to 7 digits 0-9 (no check digit; spaces and lower case are ignored), ' +
  'e.g. C 12345 or C12345';

/** What is wrong with an id that is not a company number: the prefix, a character or the number of digits. */
export function companyIdProblem(id: string): string {
  if (!id.startsWith('C')) return 'does not start with the prefix C';
  const digits = id.slice(1);
  const bad = [...digits].find((c) => !/\d/.test(c));
  if (bad !== undefined) return `contains "${bad}" after the prefix`;
  return `has ${digits.length} digit${digits.length === 1 ? '' : 's'} after the prefix`;
}
export const UUID_KEY = 'uuid';

/** "c 12345", " C12345 " → "C12345"; whitespace anywhere is ignored. Anything else comes back as it was, upper-cased. */
export function normaliseCompanyNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** True for a query that is a company number (whitespace-insensitive), e.g. "c 12345". */
export function isCompanyNumber(raw: string): boolean {
  return COMPANY_ID_PATTERN.test(normaliseCompanyNumber(raw));
}

/** The register's spelling of a number: "C12345" → "C 12345". */
export function registerNumberOf(companyId: string): string {
  return companyId.replace(/^C\s*/, 'C ');
}

/**
 * A stable UUID (version 4 layout) for a company number: the emulator's internal id of a company whose record does
 * not name one. The real register assigns random ones; the connector never derives them, it asks.
 */
export function derivedUuid(companyId: string): string {
  const h = createHash('sha256').update(`mt-company:${companyId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A document id: `MT-<company>-<kind>-<fileId>`, e.g. `MT-C12345-ACCOUNTS-80412`. It names the company, so that it
 * can be checked against the request, and the enriched kind, so that it can be priced without a register call.
 */
const DOCUMENT_ID_RE = /^MT-(C\d{1,7})-([A-Z]+)-([A-Za-z0-9._-]{1,80})$/;

export function documentIdOf(companyId: string, kindCode: string, fileId: string): string {
  return `MT-${companyId}-${kindCode}-${fileId}`;
}

export function parseDocumentId(documentId: string): { companyId: string; kindCode: string; fileId: string } | undefined {
  const m = DOCUMENT_ID_RE.exec(documentId.trim());
  return m ? { companyId: m[1]!, kindCode: m[2]!, fileId: m[3]! } : undefined;
}
