import { hasHan } from './pinyin.ts';
import { withAsides } from './cn-name-asides.ts';
import { word } from './cn-words.ts';
import { glossary, officialPlaceName, partsOf } from './cn-name-parts.ts';

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
  return withAsides(name, (plain) => {
    const g = glossary();
    const { place, placeSuffix, district, districtSuffix, trade, terms, legalForm } = partsOf(plain);
    if (!legalForm && terms.length === 0) return undefined;
    const len = (s: string | undefined) => (s ? [...s].length : 0);
    return [
      { text: place ? (officialPlaceName(place, 'english') ?? word(place)) : '', chars: len(place) + len(placeSuffix) },
      { text: district ? `${word(district)} ${DIVISIONS[districtSuffix!] ?? ''}`.trim() : '', chars: len(district) + len(districtSuffix) },
      { text: trade ? word(trade) : '', chars: len(trade) },
      ...terms.map((t) => ({ text: g.terms[t]!, chars: len(t) })),
      { text: legalForm ? g.legalForms[legalForm]! : '', chars: len(legalForm) },
    ];
  });
}
