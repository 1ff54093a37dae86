/**
 * The organisation code embedded in a unified social credit code (characters 9 to 17, GB 32100-2015 §4.3) is an
 * organisation code of GB 11714-1997: eight body characters (digits and capital letters) and a check character.
 * The check character is 11 − (Σ value × weight mod 11) with weights 3 7 9 10 5 8 4 2, letters valued A=10 … Z=35;
 * a result of 10 is written X and 11 is written 0.
 */
const WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

const codeValue = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c >= 'A' && c <= 'Z' ? c.charCodeAt(0) - 55 : -1);

/** The GB 11714 check character of an organisation code's eight body characters. */
export function orgCodeCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const v = codeValue(body[i] ?? '');
    if (v < 0) throw new Error(`not an organisation code character: ${body[i]}`);
    sum += v * WEIGHTS[i]!;
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/** True when the 9th to 17th characters of a unified social credit code are an organisation code with its check. */
export function hasValidOrgCode(uscc: string): boolean {
  const org = uscc.slice(8, 17);
  return org.length === 9 && [...org.slice(0, 8)].every((c) => codeValue(c) >= 0) && orgCodeCheckChar(org) === org[8];
}
