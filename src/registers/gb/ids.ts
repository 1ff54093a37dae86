/**
 * The Companies House company number (registers/gb.md): 8 characters, either 8 digits (England and Wales) or a
 * two-letter prefix and 6 digits (SC Scotland, NI Northern Ireland, OC/SO/NC LLPs, LP/SL limited partnerships,
 * FC/SF/NF overseas companies, RC, IP, SP, RS…). Users type it without the leading zeros or in lower case.
 */
export const NUMBER_PATTERN = /^(?:\d{8}|[A-Z]{2}\d{6})$/;
export const NUMBER_KEY = 'registrationNumber';
export const NUMBER_FORMAT =
  'the Companies House company number: 8 digits (leading zeros may be left out, e.g. 123456 for 00123456) or two letters and 6 digits (SC123456, NI012345, OC301234, FC012345)';

/** `123456` → `00123456`, `sc 12345` → `SC012345`; anything else is returned tidied, for the refusal to show. */
export function normaliseNumber(raw: string): string {
  const s = raw.replace(/\s+/g, '').toUpperCase();
  const digits = /^\d{1,8}$/.exec(s);
  if (digits) return s.padStart(8, '0');
  const prefixed = /^([A-Z]{2})(\d{1,6})$/.exec(s);
  if (prefixed) return `${prefixed[1]}${prefixed[2]!.padStart(6, '0')}`;
  return s;
}

/** True when a search query is a company number rather than a name. */
export function looksLikeNumber(query: string): boolean {
  return NUMBER_PATTERN.test(normaliseNumber(query));
}

/** Why an id is not a company number, for the refusal. */
export function numberProblem(id: string): string {
  if (/[^A-Z0-9]/.test(id)) return `contains "${[...id].find((c) => /[^A-Z0-9]/.test(c))}"`;
  if (/^[A-Z]{2}\d{7,}$/.test(id) || /^\d{9,}$/.test(id)) return `has ${id.length} characters`;
  return 'is not in the format';
}

/**
 * A document of the filing history: `GB-<company>-<kind>-<transaction id>`, so that it can be priced and checked
 * against the company without a register call (the transaction id alone names neither company nor kind).
 */
export const documentIdOf = (number: string, kind: string, transactionId: string) => `GB-${number}-${kind}-${transactionId}`;
export function parseDocumentId(id: string): { number: string; kind: string; transactionId: string } | undefined {
  const m = /^GB-(\d{8}|[A-Z]{2}\d{6})-([A-Z]{2,4})-([A-Za-z0-9_-]{1,80})$/.exec(id.trim());
  return m ? { number: m[1]!, kind: m[2]!, transactionId: m[3]! } : undefined;
}
