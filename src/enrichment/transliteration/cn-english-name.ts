import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { lazy } from '../reference/files.ts';
import { hasHan, romanise } from './pinyin.ts';

const glossary = lazy(() =>
  z
    .object({
      legalForms: z.record(z.string(), z.string()),
      terms: z.record(z.string(), z.string()),
      placeSuffixes: z.array(z.string()),
      places: z.array(z.string()),
    })
    .parse(JSON.parse(readFileSync(new URL('./cn-name-terms.json', import.meta.url), 'utf8'))),
);

/** Keys by length, longest first, so that 网络科技 wins over 科技 and 股份有限公司 over 有限公司. */
const byLength = (keys: string[]) => [...keys].sort((a, b) => b.length - a.length);

/** Pinyin of a proper name as one capitalised word per name (示例 → "Shili"). */
function properName(text: string): string {
  const syllables = romanise(text);
  if (!syllables) return text.trim();
  return syllables
    .split(' ')
    .join('')
    .replace(/^./, (c) => c.toUpperCase());
}

/**
 * A deterministic English rendering of a Chinese company name (spec §2.2 `legalNameInEnglish`): the leading place
 * in pinyin, the trade name in pinyin, then the industry terms and the legal form translated from a glossary, e.g.
 * 北京示例科技有限公司 → "Beijing Shili Technology Co., Ltd.". Undefined for a name without Chinese characters or
 * when nothing could be translated (a pinyin rendering alone is a transliteration, not a translation).
 */
export function englishNameOf(name: string | undefined): string | undefined {
  if (!name || !hasHan(name)) return undefined;
  const g = glossary();
  let rest = name.normalize('NFKC').replace(/\(/g, '（').replace(/\)/g, '）').trim();

  const legalForm = byLength(Object.keys(g.legalForms)).find((k) => rest.endsWith(k));
  if (legalForm) rest = rest.slice(0, -legalForm.length);

  const terms: string[] = [];
  const termKeys = byLength(Object.keys(g.terms));
  for (let found = true; found && rest.length > 1; ) {
    const term = termKeys.find((k) => rest.endsWith(k) && rest.length > k.length);
    found = term !== undefined;
    if (term) {
      terms.unshift(g.terms[term]!);
      rest = rest.slice(0, -term.length);
    }
  }

  let place: string | undefined;
  const placeKey = byLength(g.places).find((p) => rest.startsWith(p) && rest.length > p.length);
  if (placeKey) {
    rest = rest.slice(placeKey.length);
    const suffix = byLength(g.placeSuffixes).find((s) => rest.startsWith(s) && rest.length > s.length);
    if (suffix) rest = rest.slice(suffix.length);
    place = properName(placeKey);
  }

  if (!legalForm && terms.length === 0) return undefined;
  const parts = [place, rest ? properName(rest) : undefined, ...terms, legalForm ? g.legalForms[legalForm] : undefined];
  return parts.filter(Boolean).join(' ');
}
