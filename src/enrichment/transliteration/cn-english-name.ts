import { hasHan, romanise } from './pinyin.ts';
import { glossary, officialPlaceName, partsOf } from './cn-name-parts.ts';

/** Pinyin of a proper name as one capitalised word per name (示例 → "Shili"). */
function properName(text: string): string {
  const syllables = romanise(text);
  if (!syllables) return text.trim();
  return syllables
    .split(' ')
    .join('')
    .replace(/^./, (c) => c.toUpperCase());
}

/** English words of a district's suffix. */
const DIVISIONS: Record<string, string> = { 区: 'District', 新区: 'New Area', 县: 'County', 旗: 'Banner' };

/**
 * A deterministic English rendering of a Chinese company name (spec §2.2 `legalNameInEnglish`): the leading place
 * in its official romanisation (陕西 Shaanxi, 内蒙古 Inner Mongolia), the trade name in pinyin, then the industry terms
 * and the legal form translated from a glossary, e.g. 北京示例科技有限公司 → "Beijing Shili Technology Co., Ltd.".
 * Undefined for a name without Chinese characters or when nothing could be translated (a pinyin rendering alone is
 * a transliteration, not a translation).
 */
export function englishNameOf(name: string | undefined): string | undefined {
  if (!name || !hasHan(name)) return undefined;
  const g = glossary();
  const { place, district, districtSuffix, trade, terms, legalForm } = partsOf(name);
  if (!legalForm && terms.length === 0) return undefined;
  const parts = [
    place ? (officialPlaceName(place, 'english') ?? properName(place)) : undefined,
    district ? `${properName(district)} ${DIVISIONS[districtSuffix!] ?? ''}`.trim() : undefined,
    trade ? properName(trade) : undefined,
    ...terms.map((t) => g.terms[t]!),
    legalForm ? g.legalForms[legalForm] : undefined,
  ];
  return parts.filter(Boolean).join(' ');
}
