/**
 * A name as search compares it: accents removed, lower case, dots and apostrophes dropped ("L.L.C." is "llc",
 * "O'BRIEN" is "obrien"), `&` read as "and", anything else not a letter or digit a space.
 */
export function normaliseName(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The words of a name, normalised as normaliseName does (a fast path for plain ASCII, which nearly all are). */
export function tokenize(s: string): string[] {
  const out: string[] = [];
  let word = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c > 126) {
      const n = normaliseName(s);
      return n ? n.split(' ') : [];
    }
    if (c >= 65 && c <= 90) c += 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) word += String.fromCharCode(c);
    else if (c === 46 || c === 39 || c === 96)
      continue; // . ' `
    else {
      if (word) out.push(word);
      word = '';
      if (c === 38) out.push('and'); // &
    }
  }
  if (word) out.push(word);
  return out;
}
