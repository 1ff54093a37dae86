import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { elfEntries } from '../../../enrichment/reference/legal-forms.ts';
import { type IndexRules, tokenize } from '../../../shared/name-index/index.ts';

const generic = z
  .object({ words: z.array(z.string()) })
  .parse(JSON.parse(readFileSync(new URL('./stopwords.json', import.meta.url), 'utf8')));

/**
 * GB's legal-form words: the abbreviations the ISO 20275 list gives for the United Kingdom's forms (Ltd, Limited,
 * PLC, LLP, LP, CIC, PFLP, cyf, CCC…), as the index normalises them, plus the generic words of stopwords.json.
 */
export function gbStopwords(): Set<string> {
  const words = new Set(generic.words.flatMap((w) => tokenize(w)));
  for (const e of elfEntries()) {
    if (e.countryCode !== 'GB') continue;
    for (const a of [...e.abbreviations, ...e.abbreviationsTransliterated]) for (const w of tokenize(a)) words.add(w);
  }
  return words;
}

const A = 65;
/** Above every 8-digit number: prefixed numbers (SC123456) come after them. */
const PREFIXED_BASE = 100_000_000;

/**
 * A company number as a number for lookups, distinct for every valid number (ids.ts NUMBER_PATTERN): 8 digits as
 * they are; two letters and 6 digits as 10^8 + (letter pair) × 10^6 + digits, below 8 × 10^8.
 */
export function companyNumberValue(number: string): number {
  const c0 = number.charCodeAt(0);
  if (c0 < A) return Number(number);
  const pair = (c0 - A) * 26 + (number.charCodeAt(1) - A);
  return PREFIXED_BASE + pair * 1_000_000 + Number(number.slice(2));
}

let rules: IndexRules | undefined;
/** GB's rules for the shared name index (read on first use: a service that never searches GB does not pay). */
export const gbIndexRules = (): IndexRules => (rules ??= { stopwords: gbStopwords(), idNumber: companyNumberValue });
