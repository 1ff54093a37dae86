/** The characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The identifier as the spec states it (§2.11): 18 alphanumeric characters. The portal answers not found for the rest. */
export const USCC_PATTERN = /^[0-9A-Z]{18}$/;
export const USCC_KEY = 'Unified Social Credit Code';
/** The rule as a refusal states it (spec §2.11, GB 32100-2015). */
export const USCC_FORMAT =
  'the unified social credit code, no prefix: exactly 18 characters, digits 0-9 and capital letters A-Z (lower case and ' +
  'spaces are accepted and normalised), the 18th being its check character, e.g. 91500103MA5U3B2X1G';

/** Upper-cases and strips spaces; users paste codes with either. */
export function normaliseUscc(raw: string): string {
  return raw.replace(/[\s\u3000]+/g, '').toUpperCase();
}

/** The check character (18th) of the first 17 characters of a code. */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CHARSET.indexOf(first17[i]!);
    if (v < 0) throw new Error(`not a unified social credit code character: ${first17[i]}`);
    sum += v * WEIGHTS[i]!;
  }
  return CHARSET[(31 - (sum % 31)) % 31]!;
}

/** True for a code whose characters and check character are those of GB 32100-2015. */
export function isValidUscc(code: string): boolean {
  if (code.length !== 18 || [...code].some((c) => !CHARSET.includes(c))) return false;
  return usccCheckChar(code.slice(0, 17)) === code[17];
}

/** The one document of a company: its credit report. The id carries the code, so it can be priced without a call. */
export const REPORT_TYPE = 'CHN_CERTIFIED_REGISTER_EXTRACT';
export const reportDocumentId = (uscc: string) => `CN-REPORT-${uscc}`;
export function usccOfDocumentId(documentId: string): string | undefined {
  const m = /^CN-REPORT-([0-9A-Z]{18})$/.exec(documentId.trim().toUpperCase());
  return m?.[1];
}
