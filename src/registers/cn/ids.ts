import { hasValidOrgCode, orgCodeCheckChar } from './check-characters.ts';

/** The characters of a unified social credit code (GB 32100-2015): digits and capitals without I, O, S, V, Z. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The identifier as the spec states it (§2.11): 18 alphanumeric characters. The portal answers not found for the rest. */
export const USCC_PATTERN = /^[0-9A-Z]{18}$/;
export const USCC_KEY = 'Unified Social Credit Code';
/** The rule as a refusal states it (spec §2.11, GB 32100-2015). */
export const USCC_FORMAT =
  'the unified social credit code, no prefix: exactly 18 characters, digits 0-9 and capital letters except I, O, S, V, Z ' +
  '(lower case and spaces are accepted and normalised), the 17th being the check character of the embedded organisation ' +
  "code (GB 11714) and the 18th the code's own check character (GB 32100), e.g. 91500103MA5U3B2X2K";

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

/** A code from its first 16 characters and both check characters (GB 11714 the 17th, GB 32100 the 18th). */
export function completeUscc(first16: string): string {
  const first17 = first16 + orgCodeCheckChar(first16.slice(8));
  return first17 + usccCheckChar(first17);
}

/** True for a code whose characters and both check characters are those of GB 32100-2015 and GB 11714-1997. */
export function isValidUscc(code: string): boolean {
  return usccCheckError(code) === undefined;
}

/**
 * Why a code of 18 letters and digits cannot be a real one, or undefined when it can: a character the standard does
 * not use, or a check character that does not match (almost always a typo, which the user should hear about rather
 * than wait minutes for the portal to answer not found).
 */
export function usccCheckError(code: string): string | undefined {
  const bad = [...code].find((c) => !CHARSET.includes(c));
  if (code.length !== 18 || bad !== undefined)
    return `${code} is not a unified social credit code: it has 18 characters from digits and capital letters except I, O, S, V, Z`;
  if (!hasValidOrgCode(code))
    return `${code} is not a valid unified social credit code: its 17th character is not the check character of the organisation code (characters 9 to 17, GB 11714); check for a typo`;
  if (usccCheckChar(code.slice(0, 17)) !== code[17])
    return `${code} is not a valid unified social credit code: its 18th character is not its check character (GB 32100); check for a typo`;
  return undefined;
}

/** The one document of a company: its credit report. The id carries the code, so it can be priced without a call. */
export const REPORT_TYPE = 'CHN_CERTIFIED_REGISTER_EXTRACT';
export const reportDocumentId = (uscc: string) => `CN-REPORT-${uscc}`;
export function usccOfDocumentId(documentId: string): string | undefined {
  const m = /^CN-REPORT-([0-9A-Z]{18})$/.exec(documentId.trim().toUpperCase());
  return m?.[1];
}
