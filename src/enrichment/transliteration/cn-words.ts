import { officialPlaceName } from './cn-name-parts.ts';
import { romanise } from './pinyin.ts';

/**
 * GB/T 16159-2012 writing of Chinese proper names and addresses in Hanyu Pinyin: words joined and capitalised, a
 * place's proper part and its generic part (市, 区, 路, 号) written apart (北京市海淀区中关村大街27号 → "Beijing Shi
 * Haidian Qu Zhongguancun Dajie 27 Hao"); Latin letters and digits kept as written; brackets as ASCII parentheses.
 */

const HAN_RUN = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;
const IS_HAN = /^\p{Script=Han}/u;

export const capitalise = (w: string) => w.replace(/^[a-z]/, (c) => c.toUpperCase());

/** NFKC with full-width brackets and ideographic punctuation as ASCII. */
export function normalise(text: string): string {
  return text.normalize('NFKC').replace(/（/g, '(').replace(/）/g, ')').replace(/、/g, ',').replace(/·/g, ' ');
}

/** One syllable per character of a run of Han characters, read in the run's context (重庆 chong qing). */
function syllables(han: string): string[] {
  const chars = [...han];
  const read = (romanise(han) ?? '').split(' ').filter(Boolean);
  return read.length === chars.length ? read : chars.map((c) => romanise(c) ?? c);
}

/** Han runs and the rest, in order; the rest (Latin, digits, punctuation) stays as written. */
function runs(text: string): { han: boolean; text: string }[] {
  return (normalise(text).match(HAN_RUN) ?? []).map((t) => ({ han: IS_HAN.test(t), text: t }));
}

/** Syllables as one word, with the apostrophe GB/T 16159 puts before a, o, e inside a word (西安 → "Xi'an"). */
const joined = (s: string[]) => capitalise(s.map((x, i) => (i > 0 && /^[aoe]/.test(x) ? `'${x}` : x)).join(''));

/** One capitalised word per Han run, Latin and digits apart as written (华荣 → "Huarong", 3D打印 → "3D Dayin"). */
export function word(text: string): string {
  return join(runs(text).map((r) => (r.han ? joined(syllables(r.text)) : r.text.trim())));
}

/** Two-syllable words (网络科技 → "Wangluo Keji"), for runs longer than a word; Latin and digits apart. */
export function pairs(text: string): string {
  return join(
    runs(text).map((r) => {
      if (!r.han) return r.text.trim();
      const s = syllables(r.text);
      const out: string[] = [];
      for (let i = 0; i < s.length; i += 2) out.push(joined(s.slice(i, i + 2)));
      return out.join(' ');
    }),
  );
}

/** A name part: one word up to four characters (a trade name, a place), else two-character words. */
export function nameWords(text: string): string {
  const han = [...text].filter((c) => IS_HAN.test(c)).length;
  return han <= 4 ? word(text) : pairs(text);
}

/** Words joined by single spaces, no space inside brackets or before punctuation. */
function join(parts: string[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)\]])/g, '$1')
    .replace(/([([])\s+/g, '$1')
    .replace(/\)(?=[^\s,.;:)\]])/g, ') ')
    .replace(/([,;:])(?=[^\s\d])/g, '$1 ')
    .trim();
}

/**
 * Generic parts of place names and addresses, with the fewest characters their proper part has: divisions need two
 * (城市 is no 城 Shi), streets one, numbered parts none after a number (32层 → "32 Ceng"). Longest first.
 */
const GENERICS: [string, number][] = (
  [
    ['特别行政区', 2],
    ['自治区', 2],
    ['自治州', 2],
    ['自治县', 2],
    ['街道', 2],
    ['社区', 2],
    ['新区', 2],
    ['大道', 1],
    ['大街', 1],
    ['胡同', 1],
    ['号楼', 0],
    ['号院', 0],
    ['单元', 0],
    ['大厦', 1],
    ['广场', 1],
    ['中心', 2],
    ['省', 2],
    ['市', 2],
    ['区', 2],
    ['县', 2],
    ['旗', 2],
    ['镇', 2],
    ['乡', 2],
    ['村', 2],
    ['路', 1],
    ['街', 1],
    ['巷', 1],
    ['弄', 0],
    ['号', 0],
    ['栋', 0],
    ['幢', 0],
    ['座', 0],
    ['层', 0],
    ['楼', 0],
    ['室', 0],
  ] as [string, number][]
).sort((a, b) => b[0].length - a[0].length);

/** A proper part of a place: its official romanisation where it has one (陕西 Shaanxi), else its words. */
function properWords(text: string): string {
  return officialPlaceName(text, 'pinyin') ?? nameWords(text);
}

/** Cuts a Han run into proper and generic parts, left to right. `afterNumber`: the run follows digits. */
function placeRun(han: string, afterNumber: boolean): string[] {
  const chars = [...han];
  const out: string[] = [];
  let i = 0;
  let numbered = afterNumber;
  while (i < chars.length) {
    let cut: { at: number; generic: string } | undefined;
    for (let j = i; j < chars.length && !cut; j++) {
      const rest = chars.slice(j).join('');
      const hit = GENERICS.find(([g, min]) => rest.startsWith(g) && (j - i >= Math.max(min, 1) || (j === i && min === 0 && numbered)));
      // A division inside a street's name is part of it: 中关村大街 is Zhongguancun Dajie, not Zhongguan Cun Da Jie.
      const inName =
        hit &&
        GENERICS.some(
          ([g, min]) =>
            min === 1 &&
            chars
              .slice(j + [...hit[0]].length)
              .join('')
              .startsWith(g),
        );
      if (hit && !inName) cut = { at: j, generic: hit[0] };
    }
    if (!cut) {
      out.push(properWords(chars.slice(i).join('')));
      break;
    }
    if (cut.at > i) out.push(properWords(chars.slice(i, cut.at).join('')));
    out.push(word(cut.generic));
    i = cut.at + [...cut.generic].length;
    numbered = false;
  }
  return out;
}

/**
 * An address or place name as GB/T 16159 writes it: 重庆市渝中区民族路188号 → "Chongqing Shi Yuzhong Qu Minzu Lu 188
 * Hao". Undefined for a text without Chinese characters.
 */
export function placeWords(text: string): string | undefined {
  const parts = runs(text);
  if (!parts.some((r) => r.han)) return undefined;
  const out: string[] = [];
  parts.forEach((r, k) => {
    if (!r.han) out.push(r.text.trim());
    else out.push(...placeRun(r.text, k > 0 && /\d\s*$/.test(parts[k - 1]!.text)));
  });
  return join(out);
}
