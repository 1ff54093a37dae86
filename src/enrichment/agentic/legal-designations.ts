import { elfEntries, type ElfEntry } from '../reference/legal-forms.ts';
import { lazy } from '../reference/files.ts';
import { normaliseName } from './input.ts';

/**
 * Legal-form designations as names carry them ("Ltd", "Limited", "LLC", "有限公司"), from the ISO 20275 list: each
 * active form's abbreviations and local name, per country. Read from the list, never typed.
 */
const designations = lazy(() => {
  const byCountry = new Map<string, Map<string, Set<string>>>();
  const add = (e: ElfEntry, text: string) => {
    const key = normaliseName(text);
    if (key.length < 2) return;
    const country = e.countryCode.toUpperCase();
    const forms = byCountry.get(country) ?? new Map<string, Set<string>>();
    forms.set(key, (forms.get(key) ?? new Set()).add(e.code));
    byCountry.set(country, forms);
  };
  for (const e of elfEntries()) {
    if (e.status !== 'ACTV' || !e.countryCode) continue;
    for (const a of e.abbreviations) add(e, a);
    add(e, e.localName);
  }
  return byCountry;
});

/** The designation a name ends with, and the ELF codes that use it, for the country; longest match first. */
export function trailingDesignation(
  name: string,
  countryCode: string,
): { designation: string; codes: Set<string>; rest: string } | undefined {
  const forms = designations().get(countryCode.toUpperCase());
  if (!forms) return undefined;
  const words = normaliseName(name).split(' ');
  for (let take = Math.min(6, words.length - 1); take >= 1; take--) {
    const tail = words.slice(words.length - take).join(' ');
    const codes = forms.get(tail);
    if (codes) return { designation: tail, codes, rest: words.slice(0, words.length - take).join(' ') };
  }
  return undefined;
}
