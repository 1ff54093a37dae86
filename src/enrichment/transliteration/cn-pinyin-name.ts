import { glossary, officialPlaceName, partsOf } from './cn-name-parts.ts';
import { type RenderedPart, withAsides } from './cn-name-asides.ts';
import { nameWords, pairs, word } from './cn-words.ts';
import { hasHan } from './pinyin.ts';

/** Words of a legal form (股份有限公司 → "Gufen Youxian Gongsi"), longest known word first. */
function formWords(form: string): string {
  const known = [...glossary().legalFormWords].sort((a, b) => b.length - a.length);
  const out: string[] = [];
  for (let rest = form; rest; ) {
    const w = known.find((k) => rest.startsWith(k)) ?? rest.slice(0, 1);
    out.push(word(w));
    rest = rest.slice(w.length);
  }
  return out.join(' ');
}

/** A legal form word by word; a bracketed part stays bracketed: 合伙企业（有限合伙） → "Hehuo Qiye (Youxian Hehuo)". */
function legalFormWords(form: string): string {
  const m = /^(.*)（(.+)）$/.exec(form);
  return m ? [m[1] ? formWords(m[1]) : undefined, `(${formWords(m[2]!)})`].filter(Boolean).join(' ') : formWords(form);
}

/** An industry term: one word up to three characters (便利店 "Bianlidian"), else two-character words (网络科技). */
const termWords = (term: string) => ([...term].length <= 3 ? word(term) : pairs(term));

/**
 * The pinyin of a Chinese company name written as GB/T 16159-2012 writes proper names: words joined, each
 * capitalised, not one syllable at a time. The place in its official romanisation (陕西 Shaanxi, 内蒙古 Nei Mongol)
 * with its suffix as a word (市 Shi), a district likewise (朝阳区 Chaoyang Qu), the trade name (字号) as one word,
 * industry terms as words, the legal form word by word: 南京示例科技有限公司 → "Nanjing Shili Keji Youxian Gongsi".
 * Latin letters and digits stay as written; a bracketed part (a place, a branch) is written as a place, in ASCII
 * parentheses where it stood: 华为技术（深圳）有限公司 → "Huawei Jishu (Shenzhen) Youxian Gongsi".
 */
export function pinyinNameOf(name: string): string | undefined {
  if (!hasHan(name)) return undefined;
  return withAsides(name, rendered);
}

/** The words of a name without its asides, each with how many characters of the name it renders. */
function rendered(name: string): RenderedPart[] {
  const { place, placeSuffix, district, districtSuffix, trade, terms, legalForm } = partsOf(name);
  const g = glossary();
  const len = (s: string | undefined) => (s ? [...s].length : 0);
  const parts: { text: string | undefined; chars: number }[] = [
    { text: place ? (officialPlaceName(place, 'pinyin') ?? word(place)) : undefined, chars: len(place) },
    { text: placeSuffix ? g.placeSuffixPinyin[placeSuffix] : undefined, chars: len(placeSuffix) },
    { text: district ? `${word(district)} ${word(districtSuffix!)}` : undefined, chars: len(district) + len(districtSuffix) },
    { text: trade ? nameWords(trade) : undefined, chars: len(trade) },
    ...terms.map((t) => ({ text: termWords(t), chars: len(t) })),
    { text: legalForm ? legalFormWords(legalForm) : undefined, chars: len(legalForm) },
  ];
  return parts.filter((p): p is RenderedPart => Boolean(p.text));
}

/** `companyNameTransliterations` of a name (spec §2.9): its pinyin, or empty for a Latin-script name. */
export function nameTransliterations(name: string | undefined): string[] {
  const r = name ? pinyinNameOf(name) : undefined;
  return r ? [r] : [];
}
