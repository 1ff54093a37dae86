import { glossary, officialPlaceName, partsOf } from './cn-name-parts.ts';
import { hasHan, romanise } from './pinyin.ts';

const capitalise = (w: string) => w.replace(/^[a-z]/, (c) => c.toUpperCase());

/** Syllables of a text, one per Chinese character (Latin runs stay one item). */
const syllablesOf = (text: string) => (romanise(text) ?? text).split(' ').filter(Boolean);

/** One word of joined syllables, capitalised (华荣 → "Huarong"). */
const word = (text: string) => capitalise(syllablesOf(text).join(''));

/** Two-character words, as the glossary's compound terms are made of (网络科技 → "Wangluo Keji"). */
const pairs = (text: string) => {
  const s = syllablesOf(text);
  const out: string[] = [];
  for (let i = 0; i < s.length; i += 2) out.push(capitalise(s.slice(i, i + 2).join('')));
  return out.join(' ');
};

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

/**
 * The pinyin of a Chinese company name written as GB/T 16159-2012 writes proper names: words joined, each
 * capitalised, not one syllable at a time. The place in its official romanisation (陕西 Shaanxi, 内蒙古 Nei Mongol)
 * with its suffix as a word (市 Shi), the trade name (字号) as one word, industry terms as two-syllable words, the
 * legal form word by word: 南京示例科技有限公司 → "Nanjing Shili Keji Youxian Gongsi".
 */
export function pinyinNameOf(name: string): string | undefined {
  if (!hasHan(name)) return undefined;
  const { place, placeSuffix, trade, terms, legalForm } = partsOf(name);
  const g = glossary();
  // A trade name of up to four characters is one word; a longer remainder is cut into two-character words.
  const tradeWords = trade ? ([...trade].length <= 4 && hasHan(trade) ? word(trade) : pairs(trade)) : undefined;
  const parts = [
    place ? (officialPlaceName(place, 'pinyin') ?? word(place)) : undefined,
    placeSuffix ? g.placeSuffixPinyin[placeSuffix] : undefined,
    tradeWords,
    ...terms.map(pairs),
    legalForm ? legalFormWords(legalForm) : undefined,
  ];
  return parts.filter(Boolean).join(' ');
}

/** `companyNameTransliterations` of a name (spec §2.9): its pinyin, or empty for a Latin-script name. */
export function nameTransliterations(name: string | undefined): string[] {
  const r = name ? pinyinNameOf(name) : undefined;
  return r ? [r] : [];
}
